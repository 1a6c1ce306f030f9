using System.Net;
using System.Net.Http.Headers;
using System.Text;
using System.Text.Json;
using FastFormatters.IntegrationTests.Infrastructure;
using FastFormatters.Core.Tests.Jmc;

namespace FastFormatters.IntegrationTests;

[Collection(SampleServerCollection.Name)]
public sealed class JmcTests(SampleServer server)
{
    public static TheoryData<string> Paths => new()
    {
        "/api/statuses?count=100", "/minimal/statuses?count=100", "/api/statuses/stream?count=3000",
        "/api/orders/3", "/minimal/orders/999", "/api/orders/424242",
    };

    [Theory]
    [MemberData(nameof(Paths))]
    public async Task Every_endpoint_answers_jmc1_that_is_its_json_plus_correct_comments(string path)
    {
        using var json = await GetAsync(path, "application/json");
        using var jmc = await GetAsync(path, "application/jsonc");
        var jmcBytes = await jmc.Content.ReadAsByteArrayAsync();

        Assert.Equal(json.StatusCode, jmc.StatusCode);
        if (jmc.StatusCode == HttpStatusCode.OK)
        {
            Assert.Equal("application/jsonc", jmc.Content.Headers.ContentType?.MediaType);
            Assert.Null(jmc.Content.Headers.ContentType?.CharSet);
            var stripped = JmcWalker.CheckAndStrip(jmcBytes, out int comments);
            Assert.True(comments > 0);
            Assert.Equal(await json.Content.ReadAsStringAsync(), Encoding.UTF8.GetString(stripped));
        }
        else
        {
            // Problem details stay problem+json for every client.
            Assert.Equal("application/problem+json", jmc.Content.Headers.ContentType?.MediaType);
        }
    }

    [Fact]
    public async Task An_order_posted_in_jmc1_is_created()
    {
        using var toJmc = await SendAsync(HttpMethod.Post, "/api/echo", "application/jsonc",
            Problem.Json("""{"customer":"Ada \"Countess\" Lovelace","lines":[{"sku":"A-1","quantity":2,"unitPrice":9.5}],"notes":"é"}"""));
        var body = new ByteArrayContent(await toJmc.Content.ReadAsByteArrayAsync());
        body.Headers.ContentType = new MediaTypeHeaderValue("application/jsonc");
        using var created = await SendAsync(HttpMethod.Post, "/minimal/orders", "application/json", body);

        Assert.Equal(HttpStatusCode.Created, created.StatusCode);
        var order = JsonDocument.Parse(await created.Content.ReadAsStringAsync()).RootElement;
        Assert.Equal("Ada \"Countess\" Lovelace", order.GetProperty("customer").GetString());
        Assert.Equal(19.0m, order.GetProperty("total").GetDecimal());
    }

    public static TheoryData<string, string> BadBodies => new()
    {
        { "no header", "{\"a\":1}" },
        { "a string shorter than its comment", "/*JMC1*/[/*\u0133\u0001*/\"ab\"]" },
        { "an array with more elements than counted", "/*JMC1*/{/*\u0131\u0001*/\"k\":/*\u0131\u0001*/[1,2]}" },
        { "a count beyond the bytes left", "/*JMC1*/[/*\u00ff\u007e*/[1]]" },
        { "an ordinary comment", "/*JMC1*//* note */[1]" },
        { "deep nesting", "/*JMC1*/" + new string('[', 100_000) },
        { "truncated", "/*JMC1*/{/*\u0131\u0001*/\"k\":/*\u0133" },
    };

    [Theory]
    [MemberData(nameof(BadBodies))]
    public async Task Lying_or_broken_jmc1_bodies_are_400_problems(string what, string body)
    {
        var content = new ByteArrayContent(Encoding.Latin1.GetBytes(body));
        content.Headers.ContentType = new MediaTypeHeaderValue("application/jsonc");

        foreach (var path in new[] { "/api/echo", "/minimal/echo" })
        {
            using var response = await server.Client.PostAsync(path, content);
            var problem = await Problem.AssertAsync(response, 400);
            Assert.False(string.IsNullOrEmpty(problem.GetProperty("errors").ToString()), what);
        }
    }

    [Fact]
    public async Task Swagger_lists_jsonc()
    {
        using var response = await server.Client.GetAsync("/swagger/v1/swagger.json");
        var paths = JsonDocument.Parse(await response.Content.ReadAsStringAsync()).RootElement.GetProperty("paths");

        Assert.True(paths.GetProperty("/api/orders").GetProperty("post").GetProperty("requestBody").GetProperty("content").TryGetProperty("application/jsonc", out _));
        Assert.True(paths.GetProperty("/minimal/orders/{id}").GetProperty("get").GetProperty("responses").GetProperty("200").GetProperty("content").TryGetProperty("application/jsonc", out _));
    }

    private Task<HttpResponseMessage> GetAsync(string path, string accept) => SendAsync(HttpMethod.Get, path, accept);

    private async Task<HttpResponseMessage> SendAsync(HttpMethod method, string path, string accept, HttpContent? content = null)
    {
        using var request = new HttpRequestMessage(method, path) { Content = content };
        request.Headers.Accept.ParseAdd(accept);
        return await server.Client.SendAsync(request);
    }
}
