using System.Net;
using System.Net.Http.Headers;
using FastFormatters.IntegrationTests.Infrastructure;

namespace FastFormatters.IntegrationTests;

/// <summary>
/// Every route of the sample that reads a body answers a malformed one with a 400 problem in Development too, where
/// ASP.NET Core throws <c>BadHttpRequestException</c> for a minimal endpoint's body instead of answering it (its
/// <c>ThrowOnBadRequest</c>), and the app's exception handler must keep its status code.
/// </summary>
public sealed class SampleMalformedBodyTests(DevelopmentServer server) : IClassFixture<DevelopmentServer>
{
    public static TheoryData<string, string> Cases()
    {
        var cases = new TheoryData<string, string>();
        foreach (string path in new[] { "/api/orders", "/api/echo", "/minimal/orders", "/minimal/echo", "/plain/orders" })
        {
            foreach (string mediaType in new[] { "application/json", "application/jsonc", "application/x-msgpack" })
            {
                cases.Add(path, mediaType);
            }
        }

        return cases;
    }

    [Theory]
    [MemberData(nameof(Cases))]
    public async Task A_malformed_body_is_a_400_problem(string path, string mediaType)
    {
        byte[] malformed = mediaType switch
        {
            "application/json" => """{"customer":"Ada","lines":[{"sku":}"""u8.ToArray(),
            "application/jsonc" => """/*JMC1*/{"customer":"""u8.ToArray(),
            _ => [0x81, 0xa8, .. "customer"u8, 0xc1],
        };
        using var content = new ByteArrayContent(malformed);
        content.Headers.ContentType = new MediaTypeHeaderValue(mediaType);
        using var request = new HttpRequestMessage(HttpMethod.Post, path) { Content = content };
        request.Headers.Accept.ParseAdd("application/json");

        using var response = await server.Client.SendAsync(request);

        Assert.Equal(HttpStatusCode.BadRequest, response.StatusCode);
        Assert.Equal("application/problem+json", response.Content.Headers.ContentType?.MediaType);
    }
}
