using System.Net;
using System.Net.Http.Headers;
using System.Text;
using System.Text.Json;
using System.Text.Json.Nodes;
using FastFormatters.IntegrationTests.Infrastructure;
using MessagePack;
using Microsoft.AspNetCore.Mvc;

namespace FastFormatters.IntegrationTests;

/// <summary>
/// <c>[FromBody] JsonElement</c> and <c>JsonNode</c> over MVC: the document arrives whole (never Undefined with a 200),
/// in JSON and in MessagePack, and goes back out in every format.
/// </summary>
public sealed class JsonDocumentBodyTests(MvcTestServer server) : IClassFixture<MvcTestServer>
{
    private const string Document = """{"name":"Zoë","tags":["a","b"],"count":3,"ratio":0.25,"none":null,"ok":true}""";

    [Theory]
    [InlineData("/documents/element")]
    [InlineData("/documents/node")]
    [InlineData("/documents/object")]
    public async Task A_json_document_body_is_echoed_whole(string path)
    {
        using var response = await PostAsync(path, Encoding.UTF8.GetBytes(Document), "application/json", "application/json");

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        AssertSame(Document, await response.Content.ReadAsStringAsync());
    }

    [Theory]
    [InlineData("/documents/element")]
    [InlineData("/documents/node")]
    public async Task A_message_pack_body_becomes_the_same_document(string path)
    {
        // What a MessagePack-CSharp client sends for the same data, as a plain map.
        var map = new Dictionary<string, object?> { ["name"] = "Zoë", ["tags"] = new[] { "a", "b" }, ["count"] = 3, ["ratio"] = 0.25, ["none"] = null, ["ok"] = true };
        byte[] body = MessagePackSerializer.Serialize(map, MessagePackCSharpCheck.Contractless);

        using var response = await PostAsync(path, body, "application/x-msgpack", "application/json");

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        AssertSame(Document, await response.Content.ReadAsStringAsync());
    }

    [Fact]
    public async Task A_node_of_the_wrong_kind_is_a_400()
    {
        using var response = await PostAsync("/documents/object", "[1,2]"u8.ToArray(), "application/json", "application/json");

        await Problem.AssertAsync(response, 400);
    }

    private async Task<HttpResponseMessage> PostAsync(string path, byte[] body, string contentType, string accept)
    {
        var content = new ByteArrayContent(body);
        content.Headers.ContentType = new MediaTypeHeaderValue(contentType);
        using var request = new HttpRequestMessage(HttpMethod.Post, path) { Content = content };
        request.Headers.Accept.Add(new MediaTypeWithQualityHeaderValue(accept));
        return await server.Client.SendAsync(request);
    }

    private static void AssertSame(string expected, string actual)
        => Assert.True(JsonNode.DeepEquals(JsonNode.Parse(expected), JsonNode.Parse(actual)), $"Expected {expected}, got {actual}");
}

/// <summary>Echoes System.Text.Json document bodies.</summary>
[ApiController]
[Route("documents")]
public sealed class JsonDocumentTestController : ControllerBase
{
    [HttpPost("element")]
    public JsonElement Element([FromBody] JsonElement body) => body;

    [HttpPost("node")]
    public JsonNode? Node([FromBody] JsonNode? body) => body;

    [HttpPost("object")]
    public JsonObject Object([FromBody] JsonObject body) => body;
}
