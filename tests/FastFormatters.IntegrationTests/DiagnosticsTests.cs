using System.Diagnostics.Metrics;
using System.Net;
using System.Net.Http.Headers;
using System.Text.Json;
using FastFormatters.Diagnostics;
using FastFormatters.Http;
using FastFormatters.IntegrationTests.Infrastructure;
using Microsoft.Extensions.DependencyInjection;

namespace FastFormatters.IntegrationTests;

/// <summary>After known traffic, the diagnostics endpoint and the meter report exactly that traffic.</summary>
public sealed class DiagnosticsTests : IClassFixture<DiagnosticsServer>
{
    private readonly DiagnosticsServer _server;

    public DiagnosticsTests(DiagnosticsServer server) => _server = server;

    [Fact]
    public async Task The_endpoint_and_the_meter_count_exactly_the_traffic()
    {
        var meterFactory = _server.Services.GetRequiredService<IMeterFactory>();
        var metered = new Dictionary<(string Format, string Direction), (long Count, long Bytes)>();
        var mediaTypes = new HashSet<(string Format, string Direction, string MediaType)>();
        using var listener = new MeterListener();
        listener.InstrumentPublished = (instrument, l) =>
        {
            if (instrument.Meter.Name == FormatterMetrics.MeterName && ReferenceEquals(instrument.Meter.Scope, meterFactory))
            {
                l.EnableMeasurementEvents(instrument);
            }
        };
        listener.SetMeasurementEventCallback<double>((instrument, _, tags, _) =>
        {
            if (instrument.Name == "fastformatters.operation.duration")
            {
                lock (metered)
                {
                    var key = Key(tags);
                    metered[key] = (metered.GetValueOrDefault(key).Count + 1, metered.GetValueOrDefault(key).Bytes);
                    mediaTypes.Add((key.Format, key.Direction, MediaTypeOf(tags)));
                }
            }
        });
        listener.SetMeasurementEventCallback<long>((instrument, value, tags, _) =>
        {
            if (instrument.Name == "fastformatters.operation.bytes")
            {
                lock (metered)
                {
                    var key = Key(tags);
                    metered[key] = (metered.GetValueOrDefault(key).Count, metered.GetValueOrDefault(key).Bytes + value);
                }
            }
        });
        listener.Start();

        var expected = new Dictionary<(string, string), (long Count, long Bytes)>();
        var client = _server.Client;
        for (int id = 1; id <= 3; id++)
        {
            await Send(HttpMethod.Get, $"/api/orders/{id}", "application/json");
        }

        await Send(HttpMethod.Get, "/minimal/orders/4", "application/x-msgpack");
        await Send(HttpMethod.Get, "/api/orders/5", "application/msgpack");
        await Send(HttpMethod.Get, "/api/statuses?count=2", "application/jsonc");
        await Send(HttpMethod.Post, "/api/orders", null, Problem.Json("""{"customer":"Ada","lines":[{"sku":"A","quantity":1,"unitPrice":1}]}"""));
        await Send(HttpMethod.Post, "/minimal/echo", "application/x-msgpack", MessagePackContent.Create(new[] { 1, 2, 3 }));
        await Send(HttpMethod.Post, "/api/echo", null, Problem.Json("{"));
        await Send(HttpMethod.Get, "/api/orders/1", "application/xml");
        await Send(HttpMethod.Post, "/api/echo", null, new StringContent("{}", System.Text.Encoding.UTF8, "text/plain"));

        using var request = new HttpRequestMessage(HttpMethod.Get, "/_formatters");
        request.Headers.Add("X-Diagnostics-Key", DiagnosticsServer.Key);
        using var response = await client.SendAsync(request);
        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        var report = JsonDocument.Parse(await response.Content.ReadAsStringAsync()).RootElement;

        foreach (var entry in report.GetProperty("formats").EnumerateArray())
        {
            var key = (entry.GetProperty("format").GetString()!, entry.GetProperty("direction").GetString()!);
            var (count, bytes) = expected.GetValueOrDefault(key);
            Assert.True(count == entry.GetProperty("count").GetInt64(), $"{key}: expected {count}, reported {entry.GetProperty("count")}");
            Assert.True(bytes == entry.GetProperty("bytesTotal").GetInt64(), $"{key}: expected {bytes} bytes, reported {entry.GetProperty("bytesTotal")}");
            Assert.Equal(metered.GetValueOrDefault(key), (count, bytes));
            if (count > 0)
            {
                var microseconds = entry.GetProperty("microseconds");
                Assert.True(microseconds.GetProperty("p50").GetDouble() > 0);
                Assert.True(microseconds.GetProperty("p99").GetDouble() <= microseconds.GetProperty("max").GetDouble());
            }
        }

        Assert.Equal(2, expected[("json", "read")].Count);

        // The meter tags each operation with the media type the client named (an alias stays itself), never with
        // anything but one of the format's own media types.
        Assert.Contains(("msgpack", "write", "application/x-msgpack"), mediaTypes);
        Assert.Contains(("msgpack", "write", "application/msgpack"), mediaTypes);
        Assert.Contains(("jsonc", "write", "application/jsonc"), mediaTypes);
        Assert.Contains(("json", "read", "application/json"), mediaTypes);
        Assert.Contains(("msgpack", "read", "application/x-msgpack"), mediaTypes);
        Assert.All(mediaTypes, tag => Assert.Contains(tag.MediaType, s_mediaTypes));

        var negotiation = report.GetProperty("negotiation");
        Assert.Equal(1, negotiation.GetProperty("notAcceptable").GetInt64());
        Assert.Equal(1, negotiation.GetProperty("unsupportedMediaType").GetInt64());
        var jsonRead = report.GetProperty("formats").EnumerateArray().Single(f => f.GetProperty("format").GetString() == "json" && f.GetProperty("direction").GetString() == "read");
        Assert.Equal(1, jsonRead.GetProperty("clientErrors").GetInt64());

        async Task Send(HttpMethod method, string path, string? accept, HttpContent? content = null)
        {
            long requestBytes = content is null ? 0 : (await content.ReadAsByteArrayAsync()).Length;
            string? requestFormat = FormatOf(content?.Headers.ContentType?.MediaType);
            using var message = new HttpRequestMessage(method, path) { Content = content };
            if (accept is not null)
            {
                message.Headers.Accept.ParseAdd(accept);
            }

            using var answer = await client.SendAsync(message);
            var body = await answer.Content.ReadAsByteArrayAsync();
            if (requestFormat is not null && answer.StatusCode != HttpStatusCode.UnsupportedMediaType)
            {
                Add((requestFormat, "read"), requestBytes);
            }

            if (FormatOf(answer.Content.Headers.ContentType?.MediaType) is { } responseFormat)
            {
                Add((responseFormat, "write"), body.Length);
            }
        }

        void Add((string, string) key, long bytes)
        {
            var (count, total) = expected.GetValueOrDefault(key);
            expected[key] = (count + 1, total + bytes);
        }
    }

    [Fact]
    public async Task The_endpoint_answers_in_the_negotiated_format_and_needs_the_key_outside_development()
    {
        using var anonymous = await _server.Client.GetAsync("/_formatters");
        Assert.Equal(HttpStatusCode.Unauthorized, anonymous.StatusCode);

        using var request = new HttpRequestMessage(HttpMethod.Get, "/_formatters");
        request.Headers.Add("X-Diagnostics-Key", DiagnosticsServer.Key);
        request.Headers.Accept.Add(new MediaTypeWithQualityHeaderValue("application/x-msgpack"));
        using var messagePack = await _server.Client.SendAsync(request);
        Assert.Equal("application/x-msgpack", messagePack.Content.Headers.ContentType?.MediaType);
        var tree = Assert.IsType<List<KeyValuePair<string, object?>>>(MessagePackTree.Decode(await messagePack.Content.ReadAsByteArrayAsync()));
        Assert.Contains(tree, entry => entry.Key == "Formats");

        using var reset = new HttpRequestMessage(HttpMethod.Post, "/_formatters/reset");
        reset.Headers.Add("X-Diagnostics-Key", DiagnosticsServer.Key);
        using var resetResponse = await _server.Client.SendAsync(reset);
        Assert.True(resetResponse.StatusCode is HttpStatusCode.NotFound or HttpStatusCode.MethodNotAllowed, "Reset is off outside Development.");
    }

    private static readonly string[] s_mediaTypes =
    [
        "application/json", "text/json", "application/*+json", "application/jsonc",
        "application/x-msgpack", "application/msgpack", "application/vnd.msgpack",
    ];

    private static string MediaTypeOf(ReadOnlySpan<KeyValuePair<string, object?>> tags)
    {
        foreach (var tag in tags)
        {
            if (tag.Key == "fastformatters.media_type")
            {
                return (string)tag.Value!;
            }
        }

        return string.Empty;
    }

    private static (string Format, string Direction) Key(ReadOnlySpan<KeyValuePair<string, object?>> tags)
    {
        string format = string.Empty, direction = string.Empty;
        foreach (var tag in tags)
        {
            if (tag.Key == "fastformatters.format")
            {
                format = (string)tag.Value!;
            }
            else if (tag.Key == "fastformatters.direction")
            {
                direction = (string)tag.Value!;
            }
        }

        return (format, direction);
    }

    private static string? FormatOf(string? mediaType) => mediaType switch
    {
        "application/json" or "application/problem+json" or "text/json" => "json",
        "application/jsonc" => "jsonc",
        "application/x-msgpack" or "application/msgpack" or "application/vnd.msgpack" => "msgpack",
        _ => null,
    };
}
