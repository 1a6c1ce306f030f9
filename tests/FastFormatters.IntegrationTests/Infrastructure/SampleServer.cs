using FastFormatters.Samples.WebApi;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Http.Features;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.DependencyInjection;

namespace FastFormatters.IntegrationTests.Infrastructure;

/// <summary>
/// The sample Web API running on real Kestrel, bound to 127.0.0.1 on a port the OS picks. Tests talk HTTP to it.
/// Subclasses add command-line style configuration (for example Kestrel limits).
/// </summary>
public class SampleServer : IAsyncLifetime
{
    private WebApplication? _app;

    public HttpClient Client { get; private set; } = null!;

    public Uri BaseAddress { get; private set; } = null!;

    public IServiceProvider Services => _app!.Services;

    /// <summary>The environment the app runs in.</summary>
    protected virtual string Environment => "Production";

    /// <summary>Changes to the app's builder, such as Kestrel limits.</summary>
    protected virtual void Configure(WebApplicationBuilder builder)
    {
    }

    public async Task InitializeAsync()
    {
        string[] arguments =
        [
            "--urls", "http://127.0.0.1:0",
            "--environment", Environment,
            "--Logging:LogLevel:Default", "Warning",
            "--Logging:LogLevel:Microsoft.AspNetCore", "Error",
        ];
        _app = SampleApp.Build(arguments, Configure);
        await _app.StartAsync();
        var addresses = _app.Services.GetRequiredService<IServer>().Features.GetRequiredFeature<IServerAddressesFeature>();
        BaseAddress = new Uri(addresses.Addresses.Single());
        Client = new HttpClient { BaseAddress = BaseAddress };
    }

    public async Task DisposeAsync()
    {
        Client.Dispose();
        if (_app is not null)
        {
            await _app.StopAsync();
            await _app.DisposeAsync();
        }
    }
}

/// <summary>The sample with a 4 KiB request body limit, to see 413s.</summary>
public sealed class SmallBodyLimitServer : SampleServer
{
    public const int Limit = 4096;

    protected override void Configure(WebApplicationBuilder builder)
        => builder.WebHost.ConfigureKestrel(options => options.Limits.MaxRequestBodySize = Limit);
}

/// <summary>The sample with a short grace period for Kestrel's minimum request-body data rate, to see slow bodies end.</summary>
public sealed class SlowBodyServer : SampleServer
{
    protected override void Configure(WebApplicationBuilder builder)
        => builder.WebHost.ConfigureKestrel(options => options.Limits.MinRequestBodyDataRate = new(bytesPerSecond: 240, gracePeriod: TimeSpan.FromSeconds(1.5)));
}

/// <summary>The sample with a 1 KiB body limit for MessagePack alone, and duplicate keys rejected.</summary>
public sealed class StrictInputServer : SampleServer
{
    public const int MessagePackLimit = 1024;

    protected override void Configure(WebApplicationBuilder builder)
        => builder.Services.Configure<FastFormattersOptions>(options =>
        {
            options.MessagePack.MaxRequestBodySize = MessagePackLimit;
            options.RejectDuplicateKeys = true;
        });
}

[CollectionDefinition(Name)]
public sealed class SampleServerCollection : ICollectionFixture<SampleServer>
{
    public const string Name = "sample server";
}

/// <summary>The sample with MessagePack responses LZ4-compressed.</summary>
public sealed class Lz4Server : SampleServer
{
    protected override void Configure(WebApplicationBuilder builder)
        => builder.Services.Configure<FastFormattersOptions>(options => options.MessagePack.Compression = FastFormatters.MessagePack.MessagePackCompressionMode.Lz4BlockArray);
}

/// <summary>The sample on its own, with a diagnostics key, so tests can count its traffic exactly.</summary>
public sealed class DiagnosticsServer : SampleServer
{
    public const string Key = "test-diagnostics-key";

    protected override void Configure(WebApplicationBuilder builder)
        => builder.Configuration.AddInMemoryCollection([new("Diagnostics:Key", Key)]);
}

/// <summary>The sample in Development, where the diagnostics dashboard is open, for the browser test.</summary>
public sealed class DevelopmentServer : SampleServer
{
    protected override string Environment => "Development";
}
