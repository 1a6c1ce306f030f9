using System.Net.Http.Headers;
using FastFormatters.IntegrationTests.Infrastructure;

namespace FastFormatters.IntegrationTests.Reliability;

/// <summary>
/// Two ways the corpus found for a minimal endpoint to answer an error without a problem body: a 415 from routing's
/// accepts policy written as text/plain to a client that accepts no JSON, and the server's own 413 escaping as a 500.
/// </summary>
[Collection(SampleServerCollection.Name)]
public sealed class MinimalApiErrorTests(SampleServer server)
{
    [Theory]
    [InlineData("application/x-msgpack")]
    [InlineData("application/jsonc")]
    public async Task A_minimal_415_is_a_problem_whatever_the_client_accepts(string accept)
    {
        using var request = new HttpRequestMessage(HttpMethod.Post, "/minimal/echo") { Content = new ByteArrayContent([0x91, 0x01]) };
        request.Content.Headers.ContentType = new MediaTypeHeaderValue("application/octet-stream");
        request.Headers.Accept.ParseAdd(accept);
        using var response = await server.Client.SendAsync(request);

        await Problem.AssertAsync(response, 415, requireTraceId: false);
    }

    [Theory]
    [InlineData("/minimal/echo", "application/json")]
    [InlineData("/minimal/echo", "application/x-msgpack")]
    [InlineData("/minimal/orders", "application/json")]
    public async Task A_minimal_body_over_the_kestrel_limit_is_a_413_problem(string path, string accept)
    {
        await using var http = await RawHttp.ConnectAsync(server.BaseAddress);
        await http.SendAsync("POST", path, "application/json", "\"zzzzzzzz"u8.ToArray(), declaredLength: 30_000_001, accept: accept);
        var (status, headers, body) = await http.ReadResponseAsync();

        Assert.Equal(413, status);
        Assert.StartsWith("application/problem+json", headers["Content-Type"], StringComparison.Ordinal);
        Problem.AssertBody(body, 413, requireTraceId: false);
    }
}
