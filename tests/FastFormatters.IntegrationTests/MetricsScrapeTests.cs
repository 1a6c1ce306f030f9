using System.Net;
using System.Net.Http.Headers;
using System.Text;
using System.Text.RegularExpressions;
using FastFormatters.IntegrationTests.Infrastructure;

namespace FastFormatters.IntegrationTests;

/// <summary>
/// The sample's OpenTelemetry wiring as Prometheus sees it: after traffic in every format, a scrape of <c>/metrics</c>
/// has each format's instruments, read and write, with their labels; outside Development the scrape needs the
/// diagnostics key, like the diagnostics endpoint.
/// </summary>
public sealed class MetricsScrapeTests(DiagnosticsServer server) : IClassFixture<DiagnosticsServer>
{
    [Fact]
    public async Task A_scrape_after_traffic_has_every_formats_instruments()
    {
        await SendAsync("application/json", "application/json", Encoding.UTF8.GetBytes("""{"a":1}"""));
        await SendAsync("application/jsonc", "application/jsonc", Encoding.UTF8.GetBytes("""/*JMC1*/{"a":1}"""));
        await SendAsync("application/x-msgpack", "application/x-msgpack", [0x81, 0xA1, (byte)'a', 0x01]);

        using var scrape = new HttpRequestMessage(HttpMethod.Get, "/metrics");
        scrape.Headers.Add("X-Diagnostics-Key", DiagnosticsServer.Key);
        using var response = await server.Client.SendAsync(scrape);
        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.StartsWith("text/plain", response.Content.Headers.ContentType?.MediaType, StringComparison.Ordinal);
        string text = await response.Content.ReadAsStringAsync();

        foreach (var (format, mediaType) in new[] { ("json", "application/json"), ("jsonc", "application/jsonc"), ("msgpack", "application/x-msgpack") })
        {
            foreach (var direction in new[] { "read", "write" })
            {
                string labels = $"fastformatters_direction=\"{direction}\",fastformatters_format=\"{format}\",fastformatters_media_type=\"{mediaType}\"";
                Assert.True(Value(text, "fastformatters_operation_bytes_total", labels) > 0, $"No bytes for {format} {direction} in:\n{text}");
                Assert.True(Value(text, "fastformatters_operation_duration_seconds_count", labels + ",fastformatters_outcome=\"ok\"") > 0, $"No durations for {format} {direction}.");
                Assert.True(Value(text, "fastformatters_serialization_duration_seconds_count", labels) > 0, $"No serialization durations for {format} {direction}.");
            }
        }

        Assert.True(Value(text, "fastformatters_negotiation_outcomes_total", "fastformatters_negotiation_outcome=\"negotiated\"") >= 3);

        // The library's buckets, from microseconds to seconds, not the exporter's millisecond defaults.
        Assert.Contains("fastformatters_operation_duration_seconds_bucket{", text, StringComparison.Ordinal);
        Assert.Contains("le=\"0.0001\"", text, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Outside_development_a_scrape_needs_the_diagnostics_key()
    {
        using var response = await server.Client.GetAsync("/metrics");

        Assert.Equal(HttpStatusCode.Unauthorized, response.StatusCode);
    }

    private async Task SendAsync(string contentType, string accept, byte[] body)
    {
        using var request = new HttpRequestMessage(HttpMethod.Post, "/api/echo") { Content = new ByteArrayContent(body) };
        request.Content.Headers.ContentType = new MediaTypeHeaderValue(contentType);
        request.Headers.Accept.Add(new MediaTypeWithQualityHeaderValue(accept));
        using var response = await server.Client.SendAsync(request);
        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        await response.Content.ReadAsByteArrayAsync();
    }

    // The sample of one series: the metric name, its labels (after the scope labels), and the value.
    private static double Value(string scrape, string metric, string labels)
    {
        var match = Regex.Match(scrape, "^" + Regex.Escape(metric) + @"\{[^}]*" + Regex.Escape(labels) + @"[^}]*\} (?<value>\S+)", RegexOptions.Multiline);
        return match.Success ? double.Parse(match.Groups["value"].Value, System.Globalization.CultureInfo.InvariantCulture) : 0;
    }
}
