using System.Net;
using System.Text.Json;
using FastFormatters.Http;
using FastFormatters.IntegrationTests.Infrastructure;
using FastFormatters.Samples.WebApi.Data;
using FastFormatters.Samples.WebApi.Models;

namespace FastFormatters.IntegrationTests;

/// <summary>Large responses go out in flushed chunks, element by element, and arrive whole.</summary>
[Collection(SampleServerCollection.Name)]
public sealed class StreamingTests(SampleServer server)
{
    [Theory]
    [InlineData("/api/statuses/stream?count=20000")]
    [InlineData("/minimal/statuses/stream?count=20000")]
    [InlineData("/api/statuses?count=10000")]
    public async Task Large_json_sequences_are_streamed_in_chunks_and_arrive_whole(string path)
    {
        using var request = new HttpRequestMessage(HttpMethod.Get, path);
        request.Headers.Accept.ParseAdd("application/json");
        using var response = await server.Client.SendAsync(request, HttpCompletionOption.ResponseHeadersRead);

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Null(response.Content.Headers.ContentLength);
        Assert.True(response.Headers.TransferEncodingChunked);
        using var document = await JsonDocument.ParseAsync(await response.Content.ReadAsStreamAsync());
        var feed = document.RootElement;
        int expected = path.Contains("20000", StringComparison.Ordinal) ? 20000 : 10000;
        Assert.Equal(expected, feed.GetArrayLength());
        foreach (int i in new[] { 0, 1, 999, 1000, expected / 2, expected - 1 })
        {
            Assert.Equal(StatusFeed.Create(i).Id, feed[i].GetProperty("id").GetInt64());
            Assert.Equal(StatusFeed.Create(i).Text, feed[i].GetProperty("text").GetString());
        }
    }

    [Theory]
    [InlineData("/api/statuses/stream?count=5000")]
    [InlineData("/minimal/statuses/stream?count=5000")]
    public async Task Message_pack_streams_too(string path)
    {
        var feed = await server.Client.GetFromMessagePackAsync<List<Status>>(path);

        Assert.NotNull(feed);
        Assert.Equal(5000, feed.Count);
        Assert.Equal(StatusFeed.Create(4999).Text, feed[^1].Text);
    }

    [Theory]
    [InlineData("/api/statuses/stream?count=5000")]
    [InlineData("/minimal/statuses/stream?count=5000")]
    public async Task Message_pack_clients_that_ask_read_the_sequence_as_it_is_streamed(string path)
    {
        int read = 0;
        await foreach (var status in server.Client.GetFromMessagePackAsAsyncEnumerable<Status>(path))
        {
            Assert.Equal(StatusFeed.Create(read).Text, status!.Text);
            read++;
        }

        Assert.Equal(5000, read);
    }

    [Fact]
    public async Task Small_sequences_keep_a_content_length()
    {
        using var response = await server.Client.GetAsync("/api/statuses/stream?count=3");

        Assert.NotNull(response.Content.Headers.ContentLength);
        Assert.Equal(3, JsonDocument.Parse(await response.Content.ReadAsStringAsync()).RootElement.GetArrayLength());
    }

    [Fact]
    public async Task An_empty_stream_is_an_empty_array()
    {
        using var response = await server.Client.GetAsync("/minimal/statuses/stream?count=0");

        Assert.Equal("[]", await response.Content.ReadAsStringAsync());
    }
}
