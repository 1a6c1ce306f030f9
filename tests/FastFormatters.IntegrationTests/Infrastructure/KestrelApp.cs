using System.Net;
using System.Net.Http.Headers;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.AspNetCore.Http.Features;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;

namespace FastFormatters.IntegrationTests.Infrastructure;

/// <summary>A test's own small app on real Kestrel (127.0.0.1, a port the OS picks), with a client for it.</summary>
public sealed class KestrelApp : IAsyncDisposable
{
    private KestrelApp(WebApplication app, HttpClient client)
    {
        App = app;
        Client = client;
    }

    public WebApplication App { get; }

    public HttpClient Client { get; }

    /// <param name="configureServices">Registers the app's services (AddFastFormatters, options, ...).</param>
    /// <param name="configureApp">Adds middleware and maps the endpoints.</param>
    public static async Task<KestrelApp> StartAsync(Action<WebApplicationBuilder> configureServices, Action<WebApplication> configureApp)
    {
        var builder = WebApplication.CreateBuilder(["--urls", "http://127.0.0.1:0"]);
        builder.Logging.SetMinimumLevel(LogLevel.Warning);
        configureServices(builder);
        var app = builder.Build();
        configureApp(app);
        await app.StartAsync();
        var address = app.Services.GetRequiredService<IServer>().Features.GetRequiredFeature<IServerAddressesFeature>().Addresses.Single();
        return new KestrelApp(app, new HttpClient { BaseAddress = new Uri(address) });
    }

    /// <summary>Sends a request accepting <paramref name="mediaType"/>, with <paramref name="content"/> of that type when given.</summary>
    public async Task<(HttpStatusCode Status, byte[] Body)> SendAsync(HttpMethod method, string path, string mediaType, byte[]? content = null)
    {
        using var request = new HttpRequestMessage(method, path);
        request.Headers.Accept.Add(new MediaTypeWithQualityHeaderValue(mediaType));
        if (content is not null)
        {
            request.Content = new ByteArrayContent(content);
            request.Content.Headers.ContentType = new MediaTypeHeaderValue(mediaType);
        }

        using var response = await Client.SendAsync(request);
        return (response.StatusCode, await response.Content.ReadAsByteArrayAsync());
    }

    public async ValueTask DisposeAsync()
    {
        Client.Dispose();
        await App.DisposeAsync();
    }
}
