using System.Net;
using System.Net.Http.Headers;
using System.Text;
using System.Text.Json;
using FastFormatters.Http;
using FastFormatters.IntegrationTests.Infrastructure;
using FastFormatters.Samples.WebApi.Data;
using FastFormatters.Samples.WebApi.Models;

namespace FastFormatters.IntegrationTests;

[Collection(SampleServerCollection.Name)]
public sealed class MessagePackTests(SampleServer server)
{
    private readonly HttpClient _client = server.Client;

    public static TheoryData<string, string> AliasesAndPaths
    {
        get
        {
            var data = new TheoryData<string, string>();
            foreach (var alias in new[] { "application/x-msgpack", "application/msgpack", "application/vnd.msgpack" })
            {
                foreach (var path in new[] { "/api/statuses?count=60", "/minimal/statuses?count=60", "/api/orders/7", "/minimal/orders/7", "/api/orders/1000" })
                {
                    data.Add(alias, path);
                }
            }

            return data;
        }
    }

    [Theory]
    [MemberData(nameof(AliasesAndPaths))]
    public async Task Every_endpoint_answers_each_alias_with_the_same_data_as_json(string alias, string path)
    {
        using var json = await SendAsync(HttpMethod.Get, path, "application/json");
        using var messagePack = await SendAsync(HttpMethod.Get, path, alias);

        Assert.Equal(HttpStatusCode.OK, messagePack.StatusCode);
        Assert.Equal(alias, messagePack.Content.Headers.ContentType?.MediaType);
        Assert.Null(messagePack.Content.Headers.ContentType?.CharSet);
        Assert.Contains("Accept", messagePack.Headers.Vary);
        var bytes = await messagePack.Content.ReadAsByteArrayAsync();
        Assert.Equal(bytes.Length, messagePack.Content.Headers.ContentLength);
        var type = path.Contains("statuses", StringComparison.Ordinal) ? typeof(List<Status>) : typeof(Order);
        MessagePackCSharpCheck.AssertSameData(type, await json.Content.ReadAsByteArrayAsync(), bytes, $"GET {path} as {alias}");
    }

    [Fact]
    public async Task Client_helpers_read_typed_models()
    {
        var feed = await _client.GetFromMessagePackAsync<List<Status>>("/api/statuses?count=20");
        var order = await _client.GetFromMessagePackAsync<Order>("/minimal/orders/5");

        Assert.NotNull(feed);
        Assert.Equal(20, feed.Count);
        for (int i = 0; i < feed.Count; i++)
        {
            var expected = StatusFeed.Create(i);
            Assert.Equal(expected.Id, feed[i].Id);
            Assert.Equal(expected.Text, feed[i].Text);
            Assert.Equal(expected.CreatedAt, feed[i].CreatedAt);
            Assert.Equal(expected.User.Name, feed[i].User.Name);
            Assert.Equal(expected.InReplyToStatusId, feed[i].InReplyToStatusId);
            Assert.Equal(expected.Entities.Hashtags.Count, feed[i].Entities.Hashtags.Count);
        }

        Assert.NotNull(order);
        Assert.Equal(new OrderStore().Find(5), order, OrderComparer.Instance);
    }

    [Theory]
    [InlineData("application/x-msgpack", "/api/orders")]
    [InlineData("application/msgpack", "/api/orders")]
    [InlineData("application/vnd.msgpack", "/minimal/orders")]
    public async Task Client_helpers_post_a_body_in_each_alias(string alias, string path)
    {
        var request = new CreateOrderRequest { Customer = "Grace", Lines = [new OrderLine { Sku = "B-2", Quantity = 3, UnitPrice = 1.25m }], Notes = "日本語" };
        using var message = new HttpRequestMessage(HttpMethod.Post, path) { Content = MessagePackContent.Create(request, new MediaTypeHeaderValue(alias)) };
        message.Headers.Accept.ParseAdd(alias);
        using var response = await _client.SendAsync(message);

        Assert.Equal(HttpStatusCode.Created, response.StatusCode);
        Assert.Equal(alias, response.Content.Headers.ContentType?.MediaType);
        var order = await response.Content.ReadFromMessagePackAsync<Order>();
        Assert.NotNull(order);
        Assert.Equal("Grace", order.Customer);
        Assert.Equal("日本語", order.Notes);
        Assert.Equal(3.75m, order.Total);
        Assert.Equal(OrderStatus.Pending, order.Status);
    }

    [Fact]
    public async Task Post_as_message_pack_sends_and_asks_for_message_pack()
    {
        using var response = await _client.PostAsMessagePackAsync("/api/orders", new CreateOrderRequest { Customer = "Ken", Lines = [new OrderLine { Sku = "C-3", Quantity = 1, UnitPrice = 2m }] });

        Assert.Equal(HttpStatusCode.Created, response.StatusCode);
        Assert.Equal("application/x-msgpack", response.Content.Headers.ContentType?.MediaType);
        Assert.Equal("Ken", (await response.Content.ReadFromMessagePackAsync<Order>())!.Customer);
    }

    [Fact]
    public async Task Echo_transcodes_message_pack_to_json_and_back()
    {
        const string document = """{"name":"ünïcode ✓","count":3,"ratio":0.25,"tags":["a","b"],"nested":{"ok":true,"none":null},"big":-9007199254740993}""";
        using var toMessagePack = await SendAsync(HttpMethod.Post, "/api/echo", "application/msgpack", Problem.Json(document));
        var messagePack = await toMessagePack.Content.ReadAsByteArrayAsync();

        Assert.Equal("application/msgpack", toMessagePack.Content.Headers.ContentType?.MediaType);
        MessagePackTree.AssertSameData(JsonDocument.Parse(document).RootElement, MessagePackTree.Decode(messagePack));

        var body = new ByteArrayContent(messagePack);
        body.Headers.ContentType = new MediaTypeHeaderValue("application/x-msgpack");
        using var toJson = await SendAsync(HttpMethod.Post, "/minimal/echo", "application/json", body);

        Assert.Equal("application/json", toJson.Content.Headers.ContentType?.MediaType);
        Assert.Equal(document, await toJson.Content.ReadAsStringAsync());
    }

    public static TheoryData<string, string> BadBodies => new()
    {
        { "lying array32 header", "dd ff ff ff ff" },
        { "lying array16 header", "dc ff ff 01 02" },
        { "lying map32 header", "df 7f ff ff ff a1 61 01" },
        { "lying str32 header", "db 7f ff ff ff 61 62" },
        { "lying bin32 header", "c6 7f ff ff ff 00" },
        { "nested headers each claiming 65535", string.Concat(Enumerable.Repeat("dc ff ff ", 200)) },
        { "never-used byte", "c1" },
        { "trailing bytes", "81 a1 61 01 c0" },
        { "invalid UTF-8", "81 a1 61 a2 c3 28" },
        { "typeless extension", "c7 10 64 " + string.Join(" ", Encoding.ASCII.GetBytes("System.Object").Select(b => b.ToString("x2"))) + " c0 c0 c0" },
        { "truncated string", "a5 61 62" },
        { "truncated map", "82 a1 61 01" },
    };

    [Theory]
    [MemberData(nameof(BadBodies))]
    public async Task Hostile_bodies_are_400_problems_and_the_server_keeps_serving(string what, string hex)
    {
        foreach (var path in new[] { "/api/echo", "/minimal/echo" })
        {
            using var response = await PostMessagePackAsync(path, Convert.FromHexString(hex.Replace(" ", string.Empty, StringComparison.Ordinal)));

            await Problem.AssertAsync(response, 400);
        }

        using var after = await SendAsync(HttpMethod.Get, "/api/orders/1", "application/x-msgpack");
        Assert.True(after.StatusCode == HttpStatusCode.OK, what);
    }

    [Fact]
    public async Task Deep_nesting_is_a_400()
    {
        var body = Enumerable.Repeat((byte)0x91, 100_000).Append((byte)0xc0).ToArray();
        using var response = await PostMessagePackAsync("/api/echo", body);

        var problem = await Problem.AssertAsync(response, 400);
        Assert.Contains("maximum depth of 500", problem.GetProperty("errors").ToString(), StringComparison.Ordinal);
    }

    [Fact]
    public async Task Every_truncation_of_an_order_is_a_400()
    {
        var whole = MessagePackContent.Create(new CreateOrderRequest { Customer = "Ada", Lines = [new OrderLine { Sku = "A-1", Quantity = 2, UnitPrice = 9.5m }] });
        var bytes = await whole.ReadAsByteArrayAsync();

        for (int length = 1; length < bytes.Length; length++)
        {
            using var response = await PostMessagePackAsync("/api/orders", bytes[..length]);
            Assert.True(response.StatusCode == HttpStatusCode.BadRequest, $"A body cut to {length} of {bytes.Length} bytes got {(int)response.StatusCode}.");
        }

        using var complete = await PostMessagePackAsync("/api/orders", bytes);
        Assert.Equal(HttpStatusCode.Created, complete.StatusCode);
    }

    [Fact]
    public async Task Wrong_types_are_400_keyed_by_path()
    {
        // {"Customer":"Ada","Lines":[{"Sku":"A-1","Quantity":"two","UnitPrice":1}]}: MessagePack-CSharp's member names.
        var body = await MessagePackContent.Create(new Dictionary<string, object?>
        {
            ["Customer"] = "Ada",
            ["Lines"] = new List<object?> { new Dictionary<string, object?> { ["Sku"] = "A-1", ["Quantity"] = "two", ["UnitPrice"] = 1 } },
        }).ReadAsByteArrayAsync();
        using var response = await PostMessagePackAsync("/api/orders", body);

        var errors = (await Problem.AssertAsync(response, 400)).GetProperty("errors");
        // The path uses the MessagePack member names: the CLR names, as MessagePack-CSharp keys them.
        Assert.True(errors.TryGetProperty("$.Lines[0].Quantity", out _), errors.ToString());
    }

    [Fact]
    public async Task Octet_stream_is_a_415()
    {
        var body = new ByteArrayContent([0x80]);
        body.Headers.ContentType = new MediaTypeHeaderValue("application/octet-stream");
        using var response = await _client.PostAsync("/api/echo", body);

        await Problem.AssertAsync(response, 415);
    }

    [Fact]
    public async Task Swagger_lists_the_message_pack_media_types()
    {
        using var response = await _client.GetAsync("/swagger/v1/swagger.json");
        var paths = JsonDocument.Parse(await response.Content.ReadAsStringAsync()).RootElement.GetProperty("paths");

        foreach (var path in new[] { "/api/orders", "/minimal/orders" })
        {
            var post = paths.GetProperty(path).GetProperty("post");
            var request = post.GetProperty("requestBody").GetProperty("content");
            var responses = post.GetProperty("responses");
            var created = responses.GetProperty("201").GetProperty("content");
            Assert.False(responses.TryGetProperty("200", out _), $"{path} answers 201, not 200");
            foreach (var alias in new[] { "application/x-msgpack", "application/msgpack", "application/vnd.msgpack" })
            {
                Assert.True(request.TryGetProperty(alias, out _), $"{path} request lacks {alias}");
                Assert.True(created.TryGetProperty(alias, out _), $"{path} response lacks {alias}");
            }

            // The compressed responses a client can ask for with the Accept parameter.
            foreach (var compressed in new[] { "application/x-msgpack; compression=lz4blockarray", "application/x-msgpack; compression=lz4block" })
            {
                Assert.True(created.TryGetProperty(compressed, out _), $"{path} response lacks {compressed}");
            }
        }
    }

    private Task<HttpResponseMessage> PostMessagePackAsync(string path, byte[] body)
    {
        var content = new ByteArrayContent(body);
        content.Headers.ContentType = new MediaTypeHeaderValue("application/x-msgpack");
        return _client.PostAsync(path, content);
    }

    private async Task<HttpResponseMessage> SendAsync(HttpMethod method, string path, string accept, HttpContent? content = null)
    {
        using var request = new HttpRequestMessage(method, path) { Content = content };
        request.Headers.Accept.ParseAdd(accept);
        return await _client.SendAsync(request);
    }

    private sealed class OrderComparer : IEqualityComparer<Order?>
    {
        public static readonly OrderComparer Instance = new();

        public bool Equals(Order? x, Order? y)
            => x is not null && y is not null && x.Id == y.Id && x.Customer == y.Customer && x.Status == y.Status
                && x.PlacedAt == y.PlacedAt && x.Total == y.Total && x.Notes == y.Notes && x.Lines.SequenceEqual(y.Lines);

        public int GetHashCode(Order? obj) => obj?.Id ?? 0;
    }
}
