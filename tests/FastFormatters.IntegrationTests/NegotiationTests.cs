using System.Net;
using System.Net.Http.Headers;
using System.Text.Json;
using FastFormatters.IntegrationTests.Infrastructure;

namespace FastFormatters.IntegrationTests;

/// <summary>Content negotiation over HTTP, for the controller endpoints and their minimal-API twins alike.</summary>
[Collection(SampleServerCollection.Name)]
public sealed class NegotiationTests(SampleServer server)
{
    public static TheoryData<string> Orders => new() { "/api/orders/2", "/minimal/orders/2" };

    public static TheoryData<string, string> AcceptAndOrders
    {
        get
        {
            var data = new TheoryData<string, string>();
            foreach (var accept in new[] { "", "*/*", "application/json", "application/xml", "text/html", "image/png", "application/x-protobuf", "*/*;q=0" })
            {
                data.Add(accept, "/api/orders/9999");
                data.Add(accept, "/minimal/orders/9999");
            }

            return data;
        }
    }

    [Theory]
    [MemberData(nameof(Orders))]
    public async Task No_accept_gets_json_and_vary(string path)
    {
        using var response = await SendAsync(path, accept: null);

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal("application/json", response.Content.Headers.ContentType?.MediaType);
        Assert.Contains("Accept", response.Headers.Vary);
    }

    [Theory]
    [InlineData("/api/orders/2", "text/json", "text/json")]
    [InlineData("/minimal/orders/2", "text/json", "text/json")]
    [InlineData("/api/orders/2", "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8", "application/json")]
    [InlineData("/minimal/orders/2", "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8", "application/json")]
    [InlineData("/api/orders/2", "application/xml;q=0.9, text/json;q=0.1", "text/json")]
    [InlineData("/minimal/orders/2", "application/*;q=0.1, text/json;q=0.5", "text/json")]
    [InlineData("/api/orders/2", "application/json;q=5", "application/json")]
    [InlineData("/minimal/orders/2", "not a media type", "application/json")]
    public async Task Response_is_labelled_with_the_alias_the_client_preferred(string path, string accept, string expected)
    {
        using var response = await SendAsync(path, accept);

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal(expected, response.Content.Headers.ContentType?.MediaType);
        Assert.Equal("utf-8", response.Content.Headers.ContentType?.CharSet);
        Assert.Contains("Accept", response.Headers.Vary);
        Assert.Equal(2, JsonDocument.Parse(await response.Content.ReadAsStringAsync()).RootElement.GetProperty("id").GetInt32());
    }

    [Theory]
    [InlineData("/api/orders/2", "application/xml")]
    [InlineData("/minimal/orders/2", "application/xml")]
    [InlineData("/api/orders/2", "image/png, text/html")]
    [InlineData("/minimal/orders/2", "image/png, text/html")]
    [InlineData("/api/orders/2", "*/*, application/json;q=0, application/jsonc;q=0, application/x-msgpack;q=0, application/jsonl;q=0")]
    [InlineData("/minimal/orders/2", "*/*;q=0")]
    [InlineData("/api/statuses?count=1", "application/x-protobuf")]
    public async Task Nothing_acceptable_is_a_406_problem_listing_what_is_supported(string path, string accept)
    {
        using var response = await SendAsync(path, accept);

        var problem = await Problem.AssertAsync(response, 406);
        var supported = problem.GetProperty("supportedMediaTypes").EnumerateArray().Select(type => type.GetString()).ToList();
        Assert.Equal(["application/json", "text/json", "application/jsonc", "application/x-msgpack", "application/msgpack", "application/vnd.msgpack", "application/jsonl", "application/x-ndjson", "application/jsonlines"], supported);
        Assert.Contains("Accept", response.Headers.Vary);
    }

    [Theory]
    [MemberData(nameof(Orders))]
    public async Task Refusing_the_json_media_type_refuses_json(string path)
    {
        // Never text/json by the back door: the next format in registration order answers.
        using var response = await SendAsync(path, "*/*, application/json;q=0");

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal("application/jsonc", response.Content.Headers.ContentType?.MediaType);
    }

    [Theory]
    [MemberData(nameof(AcceptAndOrders))]
    public async Task Problem_details_are_never_turned_into_406(string accept, string path)
    {
        using var response = await SendAsync(path, accept);

        await Problem.AssertAsync(response, 404, requireTraceId: path.StartsWith("/api/", StringComparison.Ordinal));
    }

    [Theory]
    [InlineData("/api/orders")]
    [InlineData("/minimal/orders")]
    public async Task Validation_problems_reach_clients_that_accept_nothing_we_have(string path)
    {
        using var request = new HttpRequestMessage(HttpMethod.Post, path) { Content = Problem.Json("""{"customer":"","lines":[]}""") };
        request.Headers.Accept.ParseAdd("application/xml");
        using var response = await server.Client.SendAsync(request);

        await Problem.AssertAsync(response, 400, requireTraceId: path.StartsWith("/api/", StringComparison.Ordinal));
    }

    [Theory]
    [InlineData("/api/orders/2?format=json", "application/xml", HttpStatusCode.OK)]
    [InlineData("/minimal/orders/2?format=JSON", "application/xml", HttpStatusCode.OK)]
    [InlineData("/api/orders/2?format=unknown", "application/xml", HttpStatusCode.NotAcceptable)]
    [InlineData("/minimal/orders/2?format=unknown", "application/json", HttpStatusCode.OK)]
    public async Task Format_query_parameter_overrides_accept_when_enabled(string path, string accept, HttpStatusCode expected)
    {
        using var response = await SendAsync(path, accept);

        Assert.Equal(expected, response.StatusCode);
    }

    [Fact]
    public async Task Minimal_api_body_in_json_is_created_and_located()
    {
        using var response = await server.Client.PostAsync("/minimal/orders", Problem.Json("""{"customer":"Ada","lines":[{"sku":"A-1","quantity":2,"unitPrice":9.5}]}"""));

        Assert.Equal(HttpStatusCode.Created, response.StatusCode);
        var order = JsonDocument.Parse(await response.Content.ReadAsStringAsync()).RootElement;
        Assert.Equal($"/minimal/orders/{order.GetProperty("id").GetInt32()}", response.Headers.Location?.OriginalString);
        Assert.Equal(19.0m, order.GetProperty("total").GetDecimal());
    }

    [Fact]
    public async Task Minimal_api_created_for_a_client_that_accepts_nothing_we_have_is_406_without_location()
    {
        using var request = new HttpRequestMessage(HttpMethod.Post, "/minimal/orders")
        {
            Content = Problem.Json("""{"customer":"Ada","lines":[{"sku":"A-1","quantity":1,"unitPrice":1}]}"""),
        };
        request.Headers.Accept.ParseAdd("application/xml");
        using var response = await server.Client.SendAsync(request);

        await Problem.AssertAsync(response, 406, requireTraceId: false);
        Assert.Null(response.Headers.Location);
    }

    [Theory]
    [InlineData("""{"customer":"Ada","lines":[{"sku":"A-1","quantity":"two","unitPrice":1}]}""", "$.lines[0].quantity")]
    [InlineData("""{"customer":"Ada","lines":[],}""", "$")]
    [InlineData("", "")]
    [InlineData("null", "")]
    public async Task Minimal_api_bad_bodies_are_400_validation_problems_like_mvc(string body, string key)
    {
        using var response = await server.Client.PostAsync("/minimal/orders", Problem.Json(body));

        var errors = (await Problem.AssertAsync(response, 400)).GetProperty("errors");
        Assert.True(errors.TryGetProperty(key, out _), errors.ToString());
    }

    [Theory]
    [InlineData("text/plain")]
    [InlineData(null)]
    public async Task Minimal_api_unsupported_content_type_is_a_415_problem(string? mediaType)
    {
        var content = new ByteArrayContent("{}"u8.ToArray());
        if (mediaType is not null)
        {
            content.Headers.ContentType = new MediaTypeHeaderValue(mediaType);
        }

        using var response = await server.Client.PostAsync("/minimal/echo", content);

        await Problem.AssertAsync(response, 415);
    }

    [Fact]
    public async Task Minimal_api_echo_returns_the_document()
    {
        using var response = await server.Client.PostAsync("/minimal/echo", Problem.Json("""{"a":[1,"two",null,{"b":true}]}"""));

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal("""{"a":[1,"two",null,{"b":true}]}""", await response.Content.ReadAsStringAsync());
    }

    [Fact]
    public async Task Swagger_lists_the_media_types_of_minimal_endpoints()
    {
        using var response = await server.Client.GetAsync("/swagger/v1/swagger.json");
        var paths = JsonDocument.Parse(await response.Content.ReadAsStringAsync()).RootElement.GetProperty("paths");

        var get = paths.GetProperty("/minimal/orders/{id}").GetProperty("get").GetProperty("responses").GetProperty("200").GetProperty("content");
        Assert.True(get.TryGetProperty("application/json", out _));
        Assert.True(get.TryGetProperty("text/json", out _));
        var post = paths.GetProperty("/minimal/orders").GetProperty("post").GetProperty("requestBody").GetProperty("content");
        Assert.True(post.TryGetProperty("application/json", out _));
    }

    public static TheoryData<string> AcceptHeaders => new()
    {
        "", "*/*", "application/json", "text/json", "application/jsonc", "application/msgpack", "application/vnd.msgpack",
        "application/*", "application/*;q=0.5, application/x-msgpack", "application/json;q=0.2, application/jsonc;q=0.8",
        "application/xml", "application/xml, */*;q=0.1", "*/*;q=0", "*/*, application/json;q=0", "not a media type",
        "application/json;q=5", "text/*", "application/x-msgpack; compression=lz4blockarray",
    };

    [Theory]
    [MemberData(nameof(AcceptHeaders))]
    public async Task Controllers_and_minimal_APIs_negotiate_alike(string accept)
    {
        // One negotiation for both (ResponseNegotiation): the same status, media type, Vary and body for any Accept.
        using var mvc = await SendAsync("/api/orders/2", accept);
        using var minimal = await SendAsync("/minimal/orders/2", accept);

        Assert.Equal(mvc.StatusCode, minimal.StatusCode);
        Assert.Equal(mvc.Content.Headers.ContentType?.ToString(), minimal.Content.Headers.ContentType?.ToString());
        Assert.Equal(mvc.Headers.Vary, minimal.Headers.Vary);
        if (mvc.StatusCode == HttpStatusCode.OK)
        {
            Assert.Equal(await mvc.Content.ReadAsByteArrayAsync(), await minimal.Content.ReadAsByteArrayAsync());
        }
        else
        {
            var mvcTypes = (await Problem.AssertAsync(mvc, 406)).GetProperty("supportedMediaTypes").GetRawText();
            var minimalTypes = (await Problem.AssertAsync(minimal, 406)).GetProperty("supportedMediaTypes").GetRawText();
            Assert.Equal(mvcTypes, minimalTypes);
        }
    }

    private async Task<HttpResponseMessage> SendAsync(string path, string? accept)
    {
        using var request = new HttpRequestMessage(HttpMethod.Get, path);
        if (!string.IsNullOrEmpty(accept))
        {
            request.Headers.TryAddWithoutValidation("Accept", accept);
        }

        return await server.Client.SendAsync(request);
    }
}
