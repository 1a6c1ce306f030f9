using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.AspNetCore.Http.Features;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;

namespace FastFormatters.JsonLines.Tests;

/// <summary>A test's own app on real Kestrel (127.0.0.1, a port the OS picks), with a client for it.</summary>
public sealed class KestrelHost : IAsyncDisposable
{
    private KestrelHost(WebApplication app, HttpClient client)
    {
        App = app;
        Client = client;
    }

    public WebApplication App { get; }

    public HttpClient Client { get; }

    public static async Task<KestrelHost> StartAsync(Action<WebApplicationBuilder> configureServices, Action<WebApplication> configureApp)
    {
        var builder = WebApplication.CreateBuilder(["--urls", "http://127.0.0.1:0"]);
        builder.Logging.SetMinimumLevel(LogLevel.Warning);
        configureServices(builder);
        var app = builder.Build();
        configureApp(app);
        await app.StartAsync();
        string address = app.Services.GetRequiredService<IServer>().Features.GetRequiredFeature<IServerAddressesFeature>().Addresses.Single();
        return new KestrelHost(app, new HttpClient { BaseAddress = new Uri(address) });
    }

    public async ValueTask DisposeAsync()
    {
        Client.Dispose();
        await App.DisposeAsync();
    }
}
