using System.Net;
using System.Text;
using FastFormatters.IntegrationTests.Infrastructure;

namespace FastFormatters.IntegrationTests;

/// <summary>What happens below JSON: body size limits, bodies cut short, and connection reuse.</summary>
[Collection(SampleServerCollection.Name)]
public sealed class RequestBodyTransportTests(SampleServer server)
{
    [Fact]
    public async Task Body_cut_short_by_the_client_gets_no_success_and_the_server_keeps_serving()
    {
        await using (var http = await RawHttp.ConnectAsync(server.BaseAddress))
        {
            await http.SendAsync("POST", "/api/echo", "application/json", Encoding.UTF8.GetBytes("""{"half":"""), declaredLength: 100);
            http.EndSending();

            // Kestrel drops a connection whose client stopped sending mid-body; if it answers at all, it is a 400 problem.
            var response = await http.TryReadResponseAsync();
            if (response is { } answered)
            {
                Problem.AssertBody(answered.Body, 400);
                Assert.Equal(400, answered.Status);
            }
        }

        using var after = await server.Client.PostAsync("/api/echo", Problem.Json("""{"whole":true}"""));
        Assert.Equal(HttpStatusCode.OK, after.StatusCode);
    }

    [Fact]
    public async Task A_truncated_body_never_sees_bytes_of_an_earlier_request()
    {
        // One connection, so the second body is read by the same connection into pooled arrays that just held the
        // first. The second body is the first minus its last bytes: were the parser to read past the bytes that
        // arrived, it would find the rest of the first document there and answer 200.
        using var client = new HttpClient(new SocketsHttpHandler { MaxConnectionsPerServer = 1 }) { BaseAddress = server.BaseAddress };
        string first = "{\"marker\":\"FIRST-REQUEST-SECRET\",\"padding\":\"" + new string('p', 200_000) + "\"}";
        using var whole = await client.PostAsync("/api/echo", Problem.Json(first));
        Assert.Equal(first, await whole.Content.ReadAsStringAsync());

        for (int cut = 1; cut <= 3; cut++)
        {
            using var truncated = await client.PostAsync("/api/echo", Problem.Json(first[..^cut]));

            var problem = await Problem.AssertAsync(truncated, 400);
            Assert.DoesNotContain("FIRST-REQUEST-SECRET", problem.ToString(), StringComparison.Ordinal);
        }
    }

    [Fact]
    public async Task Keep_alive_connections_serve_consecutive_bodies_each_on_their_own()
    {
        await using var http = await RawHttp.ConnectAsync(server.BaseAddress);
        for (int i = 0; i < 20; i++)
        {
            string document = $"{{\"n\":{i},\"text\":\"{new string((char)('a' + i), 10 + i * 300)}\"}}";
            await http.SendAsync("POST", "/api/echo", "application/json", Encoding.UTF8.GetBytes(document));
            var (status, _, body) = await http.ReadResponseAsync();

            Assert.Equal(200, status);
            Assert.Equal(document, body);
        }
    }
}

/// <summary>The server's own request body limit still answers 413, with a problem body.</summary>
public sealed class RequestBodyLimitTests : IClassFixture<SmallBodyLimitServer>
{
    private readonly SmallBodyLimitServer _server;

    public RequestBodyLimitTests(SmallBodyLimitServer server) => _server = server;

    public static TheoryData<string> EchoPaths => ["/api/echo", "/minimal/echo"];

    [Theory]
    [MemberData(nameof(EchoPaths))]
    public async Task Body_over_the_kestrel_limit_is_a_413_problem(string path)
    {
        string document = "[\"" + new string('x', SmallBodyLimitServer.Limit * 2) + "\"]";
        using var response = await _server.Client.PostAsync(path, Problem.Json(document));

        await Problem.AssertAsync(response, 413);
    }

    [Theory]
    [MemberData(nameof(EchoPaths))]
    public async Task Chunked_body_over_the_kestrel_limit_is_a_413_problem(string path)
    {
        // No Content-Length: the limit is only found while reading, part-way through the body.
        var content = new StreamContent(new MemoryStream(Encoding.UTF8.GetBytes("[\"" + new string('y', SmallBodyLimitServer.Limit * 4) + "\"]")));
        content.Headers.ContentType = new("application/json");
        using var request = new HttpRequestMessage(HttpMethod.Post, path) { Content = content };
        request.Headers.TransferEncodingChunked = true;
        using var response = await _server.Client.SendAsync(request);

        await Problem.AssertAsync(response, 413);
    }

    [Fact]
    public async Task Message_pack_body_over_the_kestrel_limit_is_a_413_problem()
    {
        var content = new ByteArrayContent([0xc6, 0x00, 0x00, 0x20, 0x00, .. new byte[8192]]);
        content.Headers.ContentType = new("application/x-msgpack");
        using var response = await _server.Client.PostAsync("/api/echo", content);

        await Problem.AssertAsync(response, 413);
    }

    [Fact]
    public async Task Body_under_the_limit_is_served()
    {
        using var response = await _server.Client.PostAsync("/api/echo", Problem.Json("[1,2,3]"));

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal("[1,2,3]", await response.Content.ReadAsStringAsync());
    }
}

/// <summary>Limits set in <see cref="FastFormattersOptions"/>: a per-format body size and duplicate-key rejection.</summary>
public sealed class FormatInputLimitTests : IClassFixture<StrictInputServer>
{
    private readonly StrictInputServer _server;

    public FormatInputLimitTests(StrictInputServer server) => _server = server;

    public static TheoryData<string> EchoPaths => RequestBodyLimitTests.EchoPaths;

    [Theory]
    [MemberData(nameof(EchoPaths))]
    public async Task Message_pack_over_its_own_limit_is_a_413_problem(string path)
    {
        using var response = await _server.Client.PostAsync(path, MessagePack(StringOf(StrictInputServer.MessagePackLimit)));

        var problem = await Problem.AssertAsync(response, 413);
        Assert.Contains("1,024", problem.GetProperty("detail").GetString(), StringComparison.Ordinal);
    }

    [Theory]
    [MemberData(nameof(EchoPaths))]
    public async Task Chunked_message_pack_over_its_limit_is_a_413_problem(string path)
    {
        var content = new StreamContent(new MemoryStream(StringOf(4 * StrictInputServer.MessagePackLimit)));
        content.Headers.ContentType = new("application/x-msgpack");
        using var request = new HttpRequestMessage(HttpMethod.Post, path) { Content = content };
        request.Headers.TransferEncodingChunked = true;
        using var response = await _server.Client.SendAsync(request);

        await Problem.AssertAsync(response, 413);
    }

    [Theory]
    [MemberData(nameof(EchoPaths))]
    public async Task Message_pack_at_its_limit_and_json_over_it_are_served(string path)
    {
        byte[] atLimit = StringOf(StrictInputServer.MessagePackLimit - 5);
        Assert.Equal(StrictInputServer.MessagePackLimit, atLimit.Length);
        using var packed = await _server.Client.PostAsync(path, MessagePack(atLimit));
        Assert.Equal(HttpStatusCode.OK, packed.StatusCode);

        string json = "\"" + new string('j', 4 * StrictInputServer.MessagePackLimit) + "\"";
        using var text = await _server.Client.PostAsync(path, Problem.Json(json));
        Assert.Equal(HttpStatusCode.OK, text.StatusCode);
        Assert.Equal(json, await text.Content.ReadAsStringAsync());
    }

    [Theory]
    [MemberData(nameof(EchoPaths))]
    public async Task Duplicate_keys_are_a_400_problem_when_rejected(string path)
    {
        using var response = await _server.Client.PostAsync(path, Problem.Json("""{"id":1,"note":"a","id":2}"""));

        var problem = await Problem.AssertAsync(response, 400);
        Assert.Contains("'id' appears more than once", problem.ToString(), StringComparison.Ordinal);

        using var distinct = await _server.Client.PostAsync(path, Problem.Json("""{"id":1,"note":{"id":2}}"""));
        Assert.Equal(HttpStatusCode.OK, distinct.StatusCode);
    }

    /// <summary>A MessagePack str 32 of <paramref name="length"/> bytes: 5 bytes of header.</summary>
    private static byte[] StringOf(int length)
    {
        var data = new byte[length + 5];
        data[0] = 0xdb;
        System.Buffers.Binary.BinaryPrimitives.WriteInt32BigEndian(data.AsSpan(1), length);
        data.AsSpan(5).Fill((byte)'m');
        return data;
    }

    private static ByteArrayContent MessagePack(byte[] body)
    {
        var content = new ByteArrayContent(body);
        content.Headers.ContentType = new("application/x-msgpack");
        return content;
    }
}

/// <summary>A body that stops arriving is ended by Kestrel's minimum data rate: a 408 problem, not a hung request.</summary>
public sealed class SlowBodyTests : IClassFixture<SlowBodyServer>
{
    private readonly SlowBodyServer _server;

    public SlowBodyTests(SlowBodyServer server) => _server = server;

    [Theory]
    [MemberData(nameof(RequestBodyLimitTests.EchoPaths), MemberType = typeof(RequestBodyLimitTests))]
    public async Task A_body_that_stalls_gets_a_408_problem(string path)
    {
        await using var http = await RawHttp.ConnectAsync(_server.BaseAddress);
        await http.SendAsync("POST", path, "application/json", "[\"only the start"u8.ToArray(), declaredLength: 100_000);

        // Nothing more is sent: the server must answer on its own once the grace period is over.
        var (status, headers, body) = await http.ReadResponseAsync();

        Assert.Equal(408, status);
        Assert.StartsWith("application/problem+json", headers["Content-Type"], StringComparison.Ordinal);
        Problem.AssertBody(body, 408, requireTraceId: false);
    }
}
