using FastFormatters.Compatibility.Tests.Samples;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.AspNetCore.Http.Features;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;

namespace FastFormatters.Compatibility.Tests.Infrastructure;

/// <summary>
/// A FastFormatters app on real Kestrel (127.0.0.1, port 0) serving, for every type of <see cref="SampleCatalog"/>, an
/// MVC controller (<c>/mvc/{key}/echo|describe</c>) and minimal endpoints (<c>/minimal/{key}/echo|describe</c>).
/// Subclasses set the FastFormatters options under test.
/// </summary>
public abstract class CompatibilityServer : IAsyncLifetime
{
    private WebApplication? _app;

    public HttpClient Client { get; private set; } = null!;

    public async Task InitializeAsync()
    {
        var builder = WebApplication.CreateBuilder(["--urls", "http://127.0.0.1:0"]);
        builder.Logging.SetMinimumLevel(LogLevel.Warning);
        builder.Services.AddControllers()
            .AddApplicationPart(typeof(RoundTripController<>).Assembly)
            .ConfigureApplicationPartManager(manager => manager.FeatureProviders.Add(new RoundTripControllerFeatureProvider(SampleCatalog.Types)))
            .AddFastFormatters(ConfigureFormatters);
        _app = builder.Build();
        _app.MapControllers();
        _app.MapRoundTripEndpoints(SampleCatalog.Types);
        await _app.StartAsync();
        var address = _app.Services.GetRequiredService<IServer>().Features.GetRequiredFeature<IServerAddressesFeature>().Addresses.Single();
        Client = new HttpClient { BaseAddress = new Uri(address) };
    }

    public async Task DisposeAsync()
    {
        Client?.Dispose();
        if (_app is not null)
        {
            await _app.DisposeAsync();
        }
    }

    protected virtual void ConfigureFormatters(FastFormattersOptions options)
    {
    }
}
