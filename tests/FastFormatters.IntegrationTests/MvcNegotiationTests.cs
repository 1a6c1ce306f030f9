using System.Net;
using FastFormatters.IntegrationTests.Infrastructure;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;

namespace FastFormatters.IntegrationTests;

/// <summary>MVC's own negotiation features keep working under the FastFormatters selector, with framework defaults.</summary>
public sealed class MvcNegotiationTests : IClassFixture<MvcTestServer>
{
    private readonly HttpClient _client;

    public MvcNegotiationTests(MvcTestServer server) => _client = server.Client;

    [Theory]
    [InlineData("*/*", "text/json")]
    [InlineData("application/json", "text/json")]
    [InlineData(null, "text/json")]
    public async Task Produces_restricts_the_choice(string? accept, string expected)
    {
        using var response = await GetAsync("/negotiation/produces-text-json", accept);

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal(expected, response.Content.Headers.ContentType?.MediaType);
    }

    [Fact]
    public async Task Object_result_content_types_restrict_the_choice()
    {
        using var response = await GetAsync("/negotiation/content-types", "text/json, application/json;q=0.5");

        Assert.Equal("application/json", response.Content.Headers.ContentType?.MediaType);
    }

    [Fact]
    public async Task Without_406_enabled_the_default_format_answers_what_cannot_be_met()
    {
        using var response = await GetAsync("/negotiation/value", "application/xml");

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal("application/json", response.Content.Headers.ContentType?.MediaType);
        Assert.Equal("""{"a":1}""", await response.Content.ReadAsStringAsync());
    }

    [Fact]
    public async Task Vary_accept_is_merged_with_what_the_action_set()
    {
        using var response = await GetAsync("/negotiation/vary", "application/json");

        Assert.Equal(["Origin", "Accept"], response.Headers.Vary);
    }

    [Fact]
    public async Task Null_is_still_204_and_strings_still_text_by_default()
    {
        using var nothing = await GetAsync("/negotiation/null", "application/json");
        using var text = await GetAsync("/negotiation/string", "*/*");
        using var jsonString = await GetAsync("/negotiation/string", "application/json");

        Assert.Equal(HttpStatusCode.NoContent, nothing.StatusCode);
        Assert.Equal("text/plain", text.Content.Headers.ContentType?.MediaType);
        Assert.Equal("hello", await text.Content.ReadAsStringAsync());
        Assert.Equal("application/json", jsonString.Content.Headers.ContentType?.MediaType);
        Assert.Equal("\"hello\"", await jsonString.Content.ReadAsStringAsync());
    }

    private async Task<HttpResponseMessage> GetAsync(string path, string? accept)
    {
        using var request = new HttpRequestMessage(HttpMethod.Get, path);
        if (accept is not null)
        {
            request.Headers.TryAddWithoutValidation("Accept", accept);
        }

        return await _client.SendAsync(request);
    }
}

[ApiController]
[Route("negotiation")]
public sealed class NegotiationTestController : ControllerBase
{
    [HttpGet("produces-text-json")]
    [Produces("text/json")]
    public object ProducesTextJson() => new { a = 1 };

    [HttpGet("content-types")]
    public IActionResult ContentTypes() => new ObjectResult(new { a = 1 }) { ContentTypes = { "application/json" } };

    [HttpGet("value")]
    public object Value() => new { a = 1 };

    [HttpGet("vary")]
    public object Vary()
    {
        Response.Headers.Vary = "Origin";
        return new { a = 1 };
    }

    [HttpGet("null")]
    public object? Null() => null;

    [HttpGet("string")]
    public string Text() => "hello";
}
