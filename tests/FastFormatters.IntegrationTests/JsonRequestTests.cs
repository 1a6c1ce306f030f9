using System.Net;
using System.Text;
using System.Text.Json;
using FastFormatters.IntegrationTests.Infrastructure;

namespace FastFormatters.IntegrationTests;

[Collection(SampleServerCollection.Name)]
public sealed class JsonRequestTests(SampleServer server)
{
    private const string ValidOrder = """{"customer":"Ada","lines":[{"sku":"A-1","quantity":2,"unitPrice":9.5}],"notes":"ring twice"}""";
    private readonly HttpClient _client = server.Client;

    [Fact]
    public async Task Valid_order_is_created()
    {
        using var response = await _client.PostAsync("/api/orders", Problem.Json(ValidOrder));

        Assert.Equal(HttpStatusCode.Created, response.StatusCode);
        var order = JsonDocument.Parse(await response.Content.ReadAsStringAsync()).RootElement;
        int id = order.GetProperty("id").GetInt32();
        Assert.True(id > 1_000_000);
        Assert.Equal($"/api/orders/{id}", response.Headers.Location?.AbsolutePath);
        Assert.Equal("Ada", order.GetProperty("customer").GetString());
        Assert.Equal(19.0m, order.GetProperty("total").GetDecimal());
        Assert.Equal("Pending", order.GetProperty("status").GetString());

        using var fetched = await _client.GetAsync($"/api/orders/{id}");
        Assert.Equal("ring twice", JsonDocument.Parse(await fetched.Content.ReadAsStringAsync()).RootElement.GetProperty("notes").GetString());
    }

    [Fact]
    public async Task Member_names_match_case_insensitively()
    {
        using var response = await _client.PostAsync("/api/orders", Problem.Json("""{"Customer":"Ada","LINES":[{"Sku":"A-1","Quantity":1,"UnitPrice":1}]}"""));

        Assert.Equal(HttpStatusCode.Created, response.StatusCode);
    }

    [Fact]
    public async Task Data_annotations_still_validate()
    {
        using var response = await _client.PostAsync("/api/orders", Problem.Json("""{"customer":"","lines":[{"sku":"A-1","quantity":0,"unitPrice":1}]}"""));

        var errors = (await Problem.AssertAsync(response, 400)).GetProperty("errors");
        Assert.True(errors.TryGetProperty("Customer", out _));
        Assert.True(errors.TryGetProperty("Lines[0].Quantity", out _));
    }

    [Theory]
    [InlineData("""{"customer":"Ada","lines":[{"sku":"A-1","quantity":"two","unitPrice":1}]}""", "$.lines[0].quantity")]
    [InlineData("""{"customer":"Ada","lines":[{"sku":"A-1","quantity":2147483648,"unitPrice":1}]}""", "$.lines[0].quantity")]
    [InlineData("""{"customer":"Ada","lines":[{"sku":"A-1","quantity":1.5,"unitPrice":1}]}""", "$.lines[0].quantity")]
    [InlineData("""{"customer":42,"lines":[]}""", "$.customer")]
    [InlineData("""{"customer":"Ada","lines":{}}""", "$.lines")]
    [InlineData("""{"customer":"Ada","lines":[],}""", "$")]
    [InlineData("""{"customer":"Ada" "lines":[]}""", "$")]
    [InlineData("""{"customer":'Ada'}""", "$.customer")]
    [InlineData("""{"customer":"Ada"} trailing""", "$")]
    [InlineData("""{"customer":"Ada"}{}""", "$")]
    [InlineData("""/* comment */ {"customer":"Ada"}""", "$")]
    [InlineData("{\"customer\":\"Ada", "$.customer")]
    [InlineData("""{"customer":"Ada","lines":[{"sku":"A-1","quantity":1,"unitPrice":NaN}]}""", "$.lines[0].unitPrice")]
    public async Task Malformed_or_mistyped_json_is_a_400_keyed_by_json_path(string body, string path)
    {
        using var response = await _client.PostAsync("/api/orders", Problem.Json(body));

        var errors = (await Problem.AssertAsync(response, 400)).GetProperty("errors");
        Assert.True(errors.TryGetProperty(path, out var messages), $"No error at {path}: {errors}");
        Assert.Contains("byte", messages[0].GetString(), StringComparison.Ordinal);
    }

    [Fact]
    public async Task Invalid_utf8_is_a_400()
    {
        var body = new ByteArrayContent([.. "{\"customer\":\"A"u8, 0xC3, 0x28, .. "\",\"lines\":[]}"u8]);
        body.Headers.ContentType = new("application/json");
        using var response = await _client.PostAsync("/api/orders", body);

        await Problem.AssertAsync(response, 400);
    }

    [Fact]
    public async Task Utf8_byte_order_mark_is_skipped()
    {
        var body = new ByteArrayContent([0xEF, 0xBB, 0xBF, .. Encoding.UTF8.GetBytes(ValidOrder)]);
        body.Headers.ContentType = new("application/json");
        using var response = await _client.PostAsync("/api/orders", body);

        Assert.Equal(HttpStatusCode.Created, response.StatusCode);
    }

    [Theory]
    [InlineData("text/plain")]
    [InlineData("application/xml")]
    [InlineData(null)]
    public async Task Other_or_missing_content_type_is_a_415(string? mediaType)
    {
        var body = new ByteArrayContent(Encoding.UTF8.GetBytes(ValidOrder));
        if (mediaType is not null)
        {
            body.Headers.ContentType = new(mediaType);
        }

        using var response = await _client.PostAsync("/api/orders", body);

        await Problem.AssertAsync(response, 415);
    }

    [Fact]
    public async Task Problem_json_and_text_json_are_accepted_as_json()
    {
        using var textJson = await _client.PostAsync("/api/orders", Problem.Json(ValidOrder, "text/json"));
        using var plusJson = await _client.PostAsync("/api/orders", Problem.Json(ValidOrder, "application/vnd.order+json"));

        Assert.Equal(HttpStatusCode.Created, textJson.StatusCode);
        Assert.Equal(HttpStatusCode.Created, plusJson.StatusCode);
    }

    [Fact]
    public async Task Empty_body_is_the_framework_400()
    {
        using var response = await _client.PostAsync("/api/orders", Problem.Json(string.Empty));

        var problem = await Problem.AssertAsync(response, 400);
        Assert.Contains("non-empty request body", problem.GetProperty("errors").ToString(), StringComparison.Ordinal);
    }

    [Theory]
    [InlineData(100_000)]
    [InlineData(33)]
    public async Task Nesting_deeper_than_the_limit_is_a_400_and_the_server_keeps_serving(int depth)
    {
        var deep = new string('[', depth) + new string(']', depth);
        using var response = await _client.PostAsync("/api/echo", Problem.Json(deep));

        var problem = await Problem.AssertAsync(response, 400);
        // MVC's JsonOptions allow 32 levels (MvcOptions.MaxModelBindingRecursionDepth), as for the built-in formatter.
        Assert.Contains("maximum depth of 32", problem.GetProperty("errors").ToString(), StringComparison.Ordinal);
        using var after = await _client.GetAsync("/api/orders/1");
        Assert.Equal(HttpStatusCode.OK, after.StatusCode);
    }

    [Fact]
    public async Task Nesting_at_the_limit_is_accepted()
    {
        var deep = new string('[', 32) + new string(']', 32);
        using var response = await _client.PostAsync("/api/echo", Problem.Json(deep));

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal(deep, await response.Content.ReadAsStringAsync());
    }

    [Theory]
    [InlineData("42")]
    [InlineData("-1.5e-7")]
    [InlineData("\"text with \\\"quotes\\\" and \\u00e9\"")]
    [InlineData("true")]
    [InlineData("null")]
    [InlineData("[]")]
    [InlineData("{}")]
    [InlineData("""{"nested":{"list":[1,2,{"deep":[null,false]}],"empty":"","unicode":"日本語 🎉"},"big":18446744073709551615}""")]
    public async Task Echo_returns_any_document_unchanged(string document)
    {
        using var response = await _client.PostAsync("/api/echo", Problem.Json(document));

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        var expected = JsonDocument.Parse(document).RootElement;
        var actual = JsonDocument.Parse(await response.Content.ReadAsStringAsync()).RootElement;
        Assert.True(JsonElement.DeepEquals(expected, actual), $"sent {document}, got {actual.GetRawText()}");
    }

    [Fact]
    public async Task Large_bodies_spanning_many_pipe_segments_are_read_whole()
    {
        // About 3 MB: arrives in many reads, so the body is copied into one pooled buffer.
        var items = Enumerable.Range(0, 30_000).Select(i => $"\"item-{i:D6}-{new string('x', 80)}\"");
        string document = "[" + string.Join(',', items) + "]";
        using var response = await _client.PostAsync("/api/echo", Problem.Json(document));

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal(document, await response.Content.ReadAsStringAsync());
    }
}
