using FastFormatters.Diagnostics;
using OpenTelemetry.Metrics;

namespace FastFormatters.Samples.WebApi;

/// <summary>
/// The formatters' instruments through OpenTelemetry, as an app wires them: the FastFormatters meter, exported for
/// Prometheus to scrape at <c>/metrics</c>.
/// </summary>
public static class Telemetry
{
    /// <summary>Adds OpenTelemetry metrics with the FastFormatters meter and the Prometheus exporter.</summary>
    public static IServiceCollection AddSampleTelemetry(this IServiceCollection services)
    {
        services.AddOpenTelemetry()
            .WithMetrics(metrics => metrics
                .AddMeter(FormatterMetrics.MeterName)
                // Each scrape reads the instruments afresh, so a scrape right after a request sees it.
                .AddPrometheusExporter(options => options.ScrapeResponseCacheDurationMilliseconds = 0));
        return services;
    }

    /// <summary>Maps <c>/metrics</c>, behind the same policy as the diagnostics endpoint outside Development.</summary>
    public static void MapSampleTelemetry(this WebApplication app)
    {
        var scraping = app.MapPrometheusScrapingEndpoint("/metrics");
        if (!app.Environment.IsDevelopment())
        {
            scraping.RequireAuthorization(DiagnosticsKeyAuthentication.Policy);
        }
    }
}
