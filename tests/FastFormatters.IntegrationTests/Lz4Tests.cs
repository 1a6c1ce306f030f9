using System.Net;
using FastFormatters.Http;
using FastFormatters.IntegrationTests.Infrastructure;
using FastFormatters.Samples.WebApi.Data;
using FastFormatters.Samples.WebApi.Models;

namespace FastFormatters.IntegrationTests;

/// <summary>The LZ4 option: compressed responses that clients read transparently, and compressed request bodies.</summary>
public sealed class Lz4Tests : IClassFixture<Lz4Server>
{
    private readonly HttpClient _client;

    public Lz4Tests(Lz4Server server) => _client = server.Client;

    [Theory]
    [InlineData("/api/statuses?count=500")]
    [InlineData("/api/statuses/stream?count=500")]
    [InlineData("/minimal/statuses/stream?count=500")]
    public async Task Responses_are_compressed_block_arrays_that_the_client_reads(string path)
    {
        using var request = new HttpRequestMessage(HttpMethod.Get, path);
        request.Headers.Accept.ParseAdd("application/x-msgpack");
        using var response = await _client.SendAsync(request);
        var bytes = await response.Content.ReadAsByteArrayAsync();

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal(0xC7, bytes[1] & 0xFF); // array header, then ext8 with type 98
        Assert.Equal(98, bytes[3]);
        var feed = await _client.GetFromMessagePackAsync<List<Status>>(path);
        Assert.Equal(500, feed!.Count);
        Assert.Equal(StatusFeed.Create(499).Text, feed[^1].Text);
    }

    [Fact]
    public async Task Compressed_request_bodies_are_accepted()
    {
        var compressing = new FastFormattersOptions { MessagePack = { Compression = FastFormatters.MessagePack.MessagePackCompressionMode.Lz4BlockArray } };
        var order = new CreateOrderRequest { Customer = new string('a', 90), Lines = [.. Enumerable.Range(0, 50).Select(i => new OrderLine { Sku = "SKU-" + i, Quantity = 1, UnitPrice = 1m })] };
        using var response = await _client.PostAsMessagePackAsync("/api/orders", order, compressing);

        Assert.Equal(HttpStatusCode.Created, response.StatusCode);
        Assert.Equal(50m, (await response.Content.ReadFromMessagePackAsync<Order>())!.Total);
    }
}
