using System.Net;
using System.Net.Http.Headers;
using System.Text;
using System.Text.Json;
using System.Text.Json.Nodes;
using FastFormatters.Benchmarks.Http;
using FastFormatters.IntegrationTests.Infrastructure;
using FastFormatters.Core.Tests.Jmc;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.AspNetCore.Http.Features;
using Microsoft.Extensions.DependencyInjection;

namespace FastFormatters.IntegrationTests;

/// <summary>
/// The HTTP benchmark harness (benchmarks/Http) starts in each mode on Kestrel and answers each benchmarked request,
/// and its modes are comparable: prebaked sends fast's bytes, mpcs the same MessagePack bytes, and every JSON peer the same document.
/// </summary>
public sealed class HarnessTests
{
    private const string Json = "application/json";
    private const string MessagePack = "application/x-msgpack";
    private const string Jmc = "application/jsonc";

    public static TheoryData<string> Modes => new() { "fast", "builtin", "stj-sg", "mpcs", "prebaked", "fast-nometrics", "fast-sg" };

    [Theory]
    [MemberData(nameof(Modes))]
    public async Task The_harness_starts_in_each_mode_and_answers_each_benchmarked_request(string mode)
    {
        await using var harness = await RunningHarness.StartAsync(mode);
        string[] formats = mode switch
        {
            "builtin" or "stj-sg" => [Json],
            "mpcs" => [Json, MessagePack],
            _ => [Json, MessagePack, Jmc],
        };
        int sent = 0;
        foreach (var format in formats)
        {
            var ticker = await harness.GetBytesAsync("/ticker-sample", format);
            sent++;
            foreach (var (method, path) in Requests)
            {
                using var response = await harness.SendAsync(method, path, format, method == HttpMethod.Post ? ticker : null);
                sent++;
                var body = await response.Content.ReadAsByteArrayAsync();

                Assert.True(response.StatusCode == HttpStatusCode.OK, $"{mode}: {method} {path} as {format} answered {(int)response.StatusCode}: {Encoding.UTF8.GetString(body)}");
                Assert.Equal(format, response.Content.Headers.ContentType?.MediaType);
                Assert.NotEmpty(body);
            }
        }

        using var stats = JsonDocument.Parse(await harness.Client.GetStringAsync("/stats"));
        Assert.Equal(mode, stats.RootElement.GetProperty("mode").GetString());
        Assert.Equal(sent, stats.RootElement.GetProperty("requests").GetInt64());
        Assert.True(stats.RootElement.GetProperty("gcAllocatedBytes").GetInt64() > 0);
        Assert.True(stats.RootElement.GetProperty("gen0").GetInt32() >= 0);
        Assert.True(stats.RootElement.GetProperty("threadPoolWorkItems").GetInt64() > 0);
    }

    [Fact]
    public async Task Fast_answers_each_format_with_the_same_data()
    {
        await using var fast = await RunningHarness.StartAsync("fast");
        foreach (var (method, path) in Requests)
        {
            var ticker = method == HttpMethod.Post ? await fast.GetBytesAsync("/ticker-sample", Json) : null;
            var json = await fast.GetBytesAsync(path, Json, method, ticker, Json);
            var messagePack = await fast.GetBytesAsync(path, MessagePack, method, ticker, Json);
            var jmc = await fast.GetBytesAsync(path, Jmc, method, ticker, Json);

            var type = path.StartsWith("/statuses", StringComparison.Ordinal) ? typeof(List<FastFormatters.Samples.WebApi.Models.Status>)
                : path == "/book" ? typeof(FastFormatters.Benchmarks.Http.Models.Book)
                : typeof(FastFormatters.Benchmarks.Http.Models.TickerSummary);
            MessagePackCSharpCheck.AssertSameData(type, json, messagePack, $"{method} {path}");
            Assert.Equal(Encoding.UTF8.GetString(json), Encoding.UTF8.GetString(JmcWalker.CheckAndStrip(jmc, out _)));
        }
    }

    [Fact]
    public async Task Prebaked_sends_the_bytes_fast_sends()
    {
        await using var fast = await RunningHarness.StartAsync("fast");
        await using var prebaked = await RunningHarness.StartAsync("prebaked");

        // The three formats the benchmark asks for, no Accept at all, and headers only the lazily filled cache sees.
        foreach (var accept in new[] { Json, MessagePack, Jmc, "", "text/json", "application/msgpack;q=0.9, application/json;q=0.5" })
        {
            foreach (var (method, path) in Requests.Append((HttpMethod.Get, "/statuses?count=100")))
            {
                // Both post the ticker sample in its own format (JSON when no format is asked for).
                var tickerFormat = accept is Json or MessagePack or Jmc ? accept : Json;
                var ticker = method == HttpMethod.Post ? await fast.GetBytesAsync("/ticker-sample", tickerFormat) : null;
                using var expected = await fast.SendAsync(method, path, accept, ticker, tickerFormat);
                using var actual = await prebaked.SendAsync(method, path, accept, ticker, tickerFormat);
                string what = $"{method} {path} with Accept '{accept}'";

                Assert.True(expected.StatusCode == HttpStatusCode.OK, $"fast: {what} answered {(int)expected.StatusCode}");
                Assert.Equal(expected.StatusCode, actual.StatusCode);
                Assert.Equal(expected.Content.Headers.ContentType?.ToString(), actual.Content.Headers.ContentType?.ToString());
                Assert.Equal(expected.Content.Headers.ContentLength, actual.Content.Headers.ContentLength);
                Assert.Equal(expected.Headers.Vary, actual.Headers.Vary);
                var expectedBody = await expected.Content.ReadAsByteArrayAsync();
                var actualBody = await actual.Content.ReadAsByteArrayAsync();
                Assert.True(expectedBody.AsSpan().SequenceEqual(actualBody), $"prebaked's body differs from fast's for {what}");
            }
        }
    }

    [Fact]
    public async Task Mpcs_and_fast_send_the_same_message_pack_bytes()
    {
        // The mpcs mode is MessagePack-CSharp 2.5.307 behind an MVC formatter: fast's default wire is its wire.
        await using var fast = await RunningHarness.StartAsync("fast");
        await using var mpcs = await RunningHarness.StartAsync("mpcs");
        foreach (var (method, path) in Requests)
        {
            var ticker = method == HttpMethod.Post ? await mpcs.GetBytesAsync("/ticker-sample", MessagePack) : null;
            var expected = await mpcs.GetBytesAsync(path, MessagePack, method, ticker, MessagePack);
            var actual = await fast.GetBytesAsync(path, MessagePack, method, ticker, MessagePack);
            Assert.True(expected.AsSpan().SequenceEqual(actual), $"{method} {path}: fast's MessagePack differs from MessagePack-CSharp's ({actual.Length} vs {expected.Length} bytes)");
        }
    }

    [Theory]
    [InlineData("builtin")]
    [InlineData("stj-sg")]
    [InlineData("mpcs")]
    public async Task Each_json_peer_carries_the_same_document_as_fast_json(string mode)
    {
        await using var fast = await RunningHarness.StartAsync("fast");
        await using var peer = await RunningHarness.StartAsync(mode);
        var ticker = await fast.GetBytesAsync("/ticker-sample", Json);
        foreach (var (method, path) in Requests)
        {
            var expected = JsonNode.Parse(await fast.GetBytesAsync(path, Json, method, ticker));
            var actual = JsonNode.Parse(await peer.GetBytesAsync(path, Json, method, ticker));
            Assert.True(JsonNode.DeepEquals(expected, actual), $"{mode}: {method} {path} wrote {actual?.ToJsonString()}, fast wrote {expected?.ToJsonString()}");
        }
    }

    [Theory]
    [MemberData(nameof(Modes))]
    public async Task The_minimal_ticker_reads_each_format_its_mode_reads(string mode)
    {
        await using var harness = await RunningHarness.StartAsync(mode);
        await using var fast = await RunningHarness.StartAsync("fast");
        string[] read = mode is "builtin" or "stj-sg" or "mpcs" ? [Json] : [Json, MessagePack, Jmc];
        foreach (var format in new[] { Json, MessagePack, Jmc })
        {
            var ticker = await fast.GetBytesAsync("/ticker-sample", format);
            using var response = await harness.SendAsync(HttpMethod.Post, "/minimal/ticker", Json, ticker, format);
            var body = await response.Content.ReadAsStringAsync();
            if (read.Contains(format))
            {
                Assert.True(response.StatusCode == HttpStatusCode.OK, $"{mode}: POST /minimal/ticker as {format} answered {(int)response.StatusCode}: {body}");
                Assert.Equal(100, JsonNode.Parse(body)!["bidCount"]!.GetValue<int>());
                if (read.Length > 1)
                {
                    var summary = await harness.GetBytesAsync("/minimal/ticker-body", Json, HttpMethod.Post, ticker, format);
                    Assert.Equal(100, JsonNode.Parse(summary)!["bidCount"]!.GetValue<int>());
                }
            }
            else
            {
                Assert.Equal(HttpStatusCode.UnsupportedMediaType, response.StatusCode);
                using var absent = await harness.SendAsync(HttpMethod.Post, "/minimal/ticker-body", Json, ticker, format);
                Assert.Equal(HttpStatusCode.NotFound, absent.StatusCode);
            }
        }
    }

    [Fact]
    public void An_unknown_mode_is_refused()
    {
        var error = Assert.Throws<ArgumentException>(() => HarnessApp.Build(["--mode", "stock-msgpack", "--urls", "http://127.0.0.1:0"]));
        Assert.Contains("stock-msgpack", error.Message, StringComparison.Ordinal);
    }

    private static readonly (HttpMethod Method, string Path)[] Requests =
    [
        (HttpMethod.Get, "/statuses?count=5"),
        (HttpMethod.Get, "/book"),
        (HttpMethod.Post, "/ticker"),
    ];

    private sealed class RunningHarness : IAsyncDisposable
    {
        private readonly WebApplication _app;

        private RunningHarness(WebApplication app, HttpClient client)
        {
            _app = app;
            Client = client;
        }

        public HttpClient Client { get; }

        public static async Task<RunningHarness> StartAsync(string mode)
        {
            var app = HarnessApp.Build(["--mode", mode, "--urls", "http://127.0.0.1:0"]);
            await app.StartAsync();
            var address = app.Services.GetRequiredService<IServer>().Features.GetRequiredFeature<IServerAddressesFeature>().Addresses.Single();
            return new RunningHarness(app, new HttpClient { BaseAddress = new Uri(address) });
        }

        /// <summary>Sends a request with <paramref name="accept"/> (none when empty) and, for a POST, <paramref name="body"/>.</summary>
        public Task<HttpResponseMessage> SendAsync(HttpMethod method, string path, string accept, byte[]? body, string? contentType = null)
        {
            var request = new HttpRequestMessage(method, path);
            if (accept.Length > 0)
            {
                request.Headers.TryAddWithoutValidation("Accept", accept);
            }

            if (body is not null)
            {
                request.Content = new ByteArrayContent(body);
                request.Content.Headers.ContentType = new MediaTypeHeaderValue(contentType ?? accept);
            }

            return Client.SendAsync(request);
        }

        /// <summary>The body of a 200 response.</summary>
        public async Task<byte[]> GetBytesAsync(string path, string accept, HttpMethod? method = null, byte[]? body = null, string? contentType = null)
        {
            using var response = await SendAsync(method ?? HttpMethod.Get, path, accept, body, contentType);
            var bytes = await response.Content.ReadAsByteArrayAsync();
            Assert.True(response.StatusCode == HttpStatusCode.OK, $"{method ?? HttpMethod.Get} {path} as {accept} answered {(int)response.StatusCode}: {Encoding.UTF8.GetString(bytes)}");
            return bytes;
        }

        public async ValueTask DisposeAsync()
        {
            Client.Dispose();
            await _app.StopAsync();
            await _app.DisposeAsync();
        }
    }
}
