using System.Net;
using System.Text.Json;
using FastFormatters.IntegrationTests.Infrastructure;
using MessagePack;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.DependencyInjection;

namespace FastFormatters.IntegrationTests;

/// <summary>
/// Top-level sequences of every kind (a list, an array, a lazy enumerable) go out element by element, in chunks when
/// they are large (whole, with their length, within one chunk: the flush threshold in JSON, 896 KiB in MessagePack and
/// JMC1, or the threshold when larger), with the bytes System.Text.Json and MessagePack-CSharp write for the same values.
/// </summary>
public sealed class TopLevelSequenceTests : IAsyncLifetime
{
    // Well past the smallest flush threshold, so the large responses are sent in several chunks.
    private const int Large = 3_000;

    // MessagePack's and JMC1's chunk size (SequenceResponseWriter): 7/8 of a 1 MiB pooled segment.
    private const int CountedChunk = 896 * 1024;

    // About 0.8 MB in MessagePack (about 31 B each), and in JMC1 at two thirds of the count: under a counted chunk.
    private const int NearlyACountedChunk = 26_000;

    // About 1.9 MB in MessagePack and more in JMC1: past a counted chunk.
    private const int PastOneMiB = 60_000;
    private KestrelApp _app = null!;

    public async Task InitializeAsync()
        => _app = await KestrelApp.StartAsync(
            builder => builder.Services.AddFastFormatters(o => o.ResponseFlushThreshold = 1024),
            app =>
            {
                app.MapGet("/list", (int count) => FastResults.Negotiated(Items(count).ToList()));
                app.MapGet("/array", (int count) => FastResults.Negotiated(Items(count).ToArray()));
                app.MapGet("/lazy", (int count) => FastResults.Negotiated(Items(count)));
            });

    public async Task DisposeAsync() => await _app.DisposeAsync();

    public static TheoryData<string, int> Cases()
    {
        var cases = new TheoryData<string, int>();
        foreach (string path in new[] { "/list", "/array", "/lazy" })
        {
            foreach (int count in new[] { 0, 1, Large })
            {
                cases.Add(path, count);
            }
        }

        return cases;
    }

    [Theory]
    [MemberData(nameof(Cases))]
    public async Task JSON_is_what_System_Text_Json_writes(string path, int count)
    {
        var (status, body) = await _app.SendAsync(HttpMethod.Get, $"{path}?count={count}", "application/json");

        Assert.Equal(HttpStatusCode.OK, status);
        Assert.Equal(JsonSerializer.Serialize(Items(count), JsonSerializerOptions.Web), System.Text.Encoding.UTF8.GetString(body));
    }

    [Theory]
    [MemberData(nameof(Cases))]
    public async Task MessagePack_is_what_MessagePack_CSharp_writes(string path, int count)
    {
        var (status, body) = await _app.SendAsync(HttpMethod.Get, $"{path}?count={count}", "application/x-msgpack");

        Assert.Equal(HttpStatusCode.OK, status);
        Assert.Equal(MessagePackSerializer.Serialize(Items(count).ToArray(), global::MessagePack.Resolvers.ContractlessStandardResolver.Options), body);
    }

    [Theory]
    [InlineData("/list", 20, true)] // about 600 B: within one flush threshold
    [InlineData("/lazy", 20, true)]
    [InlineData("/list", Large, false)] // about 90 KB: sent while it is written
    [InlineData("/lazy", Large, false)]
    public async Task Sequences_within_one_flush_threshold_go_out_with_their_length(string path, int count, bool withLength)
    {
        using var request = new HttpRequestMessage(HttpMethod.Get, $"{path}?count={count}");
        using var response = await _app.Client.SendAsync(request, HttpCompletionOption.ResponseHeadersRead);
        long? declared = response.Content.Headers.ContentLength; // before reading: a buffered body has a computed one
        byte[] body = await response.Content.ReadAsByteArrayAsync();

        Assert.InRange(body.Length, withLength ? 2 : 1025, withLength ? 1024 : int.MaxValue);
        Assert.Equal(withLength ? body.Length : null, declared);
        Assert.Equal(!withLength, response.Headers.TransferEncodingChunked ?? false);
    }

    [Theory]
    [InlineData("/list", "application/x-msgpack", NearlyACountedChunk)]
    [InlineData("/lazy", "application/x-msgpack", NearlyACountedChunk)]
    [InlineData("/list", "application/jsonc", NearlyACountedChunk * 2 / 3)]
    [InlineData("/lazy", "application/jsonc", NearlyACountedChunk * 2 / 3)]
    public async Task Counted_formats_send_a_sequence_under_896_KiB_whole(string path, string accept, int count)
    {
        var (declared, chunked, body) = await GetAsync(_app, $"{path}?count={count}", accept);

        Assert.InRange(body.Length, 512 * 1024, CountedChunk - 1); // far past the app's 1 KiB threshold
        Assert.Equal(body.Length, declared);
        Assert.False(chunked);
    }

    [Theory]
    [InlineData("/list", "application/x-msgpack")]
    [InlineData("/lazy", "application/x-msgpack")]
    [InlineData("/list", "application/jsonc")]
    [InlineData("/lazy", "application/jsonc")]
    public async Task Counted_formats_stream_a_sequence_past_896_KiB_in_chunks(string path, string accept)
    {
        var (declared, chunked, body) = await GetAsync(_app, $"{path}?count={PastOneMiB}", accept);

        Assert.True(body.Length > 1024 * 1024, $"{body.Length} B");
        Assert.Null(declared);
        Assert.True(chunked);
        if (accept == "application/x-msgpack")
        {
            Assert.Equal(MessagePackSerializer.Serialize(Items(PastOneMiB).ToArray(), global::MessagePack.Resolvers.ContractlessStandardResolver.Options), body);
        }
        else
        {
            var read = new FastFormattersSerializer(jsonOptions: JsonSerializerOptions.Web).Deserialize<Reading[]>(FastFormat.Jsonc, body);
            Assert.Equal(Items(PastOneMiB).Select(r => (r.Sensor, r.Value)), read.Select(r => (r.Sensor, r.Value)));
        }
    }

    [Fact]
    public async Task A_flush_threshold_past_896_KiB_is_the_chunk_size_of_the_counted_formats_too()
    {
        await using var app = await KestrelApp.StartAsync(
            builder => builder.Services.AddFastFormatters(o => o.ResponseFlushThreshold = 4 * 1024 * 1024),
            app => app.MapGet("/list", (int count) => FastResults.Negotiated(Items(count).ToList())));

        var (declared, chunked, body) = await GetAsync(app, $"/list?count={PastOneMiB}", "application/x-msgpack");

        Assert.True(body.Length > 1024 * 1024, $"{body.Length} B");
        Assert.Equal(body.Length, declared);
        Assert.False(chunked);
    }

    private static async Task<(long? Declared, bool Chunked, byte[] Body)> GetAsync(KestrelApp app, string pathAndQuery, string accept)
    {
        using var request = new HttpRequestMessage(HttpMethod.Get, pathAndQuery);
        request.Headers.Accept.ParseAdd(accept);
        using var response = await app.Client.SendAsync(request, HttpCompletionOption.ResponseHeadersRead);
        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        long? declared = response.Content.Headers.ContentLength; // before reading: a buffered body has a computed one
        return (declared, response.Headers.TransferEncodingChunked ?? false, await response.Content.ReadAsByteArrayAsync());
    }

    private static IEnumerable<Reading> Items(int count) => Enumerable.Range(0, count).Select(i => new Reading { Sensor = $"s-{i}", Value = i * 0.5 });

    public sealed class Reading
    {
        public string Sensor { get; set; } = string.Empty;

        public double Value { get; set; }
    }
}
