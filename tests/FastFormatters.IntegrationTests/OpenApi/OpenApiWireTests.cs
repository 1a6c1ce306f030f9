using System.Text.Json.Nodes;
using FastFormatters.IntegrationTests.Infrastructure;

namespace FastFormatters.IntegrationTests.OpenApi;

/// <summary>
/// The sample's OpenAPI document (Swashbuckle with <c>AddFastFormatters()</c>) against its real responses: for every
/// endpoint and format, the status and media type are declared, and the body — JSON, JMC1 without its comments, or
/// MessagePack decoded — is valid against the schema declared for them.
/// </summary>
[Collection(SampleServerCollection.Name)]
public sealed class OpenApiWireTests(SampleServer server)
{
    private const string CreateOrder = """{"customer":"Ada","lines":[{"sku":"A-1","quantity":2,"unitPrice":9.5}],"notes":null}""";

    public static TheoryData<string, string, string, string?> Exchanges()
    {
        var data = new TheoryData<string, string, string, string?>();
        string[] accepts = ["application/json", "application/jsonc", "application/x-msgpack"];
        foreach (var accept in accepts)
        {
            foreach (var path in new[]
            {
                "/api/statuses?count=3", "/minimal/statuses?count=3", "/api/statuses/stream?count=3", "/minimal/statuses/stream?count=3",
                "/api/orders/3", "/minimal/orders/3", "/api/orders/424242", "/minimal/orders/424242", "/api/statuses?count=-1",
                "/plain/statuses?count=3", "/plain/orders/3",
            })
            {
                data.Add("GET", path, accept, null);
            }

            data.Add("POST", "/api/orders", accept, CreateOrder);
            data.Add("POST", "/minimal/orders", accept, CreateOrder);
            data.Add("POST", "/api/orders", accept, """{"customer":"","lines":[]}""");
            data.Add("POST", "/minimal/orders", accept, """{"customer":"","lines":[]}""");
            data.Add("POST", "/plain/orders", accept, CreateOrder);
            data.Add("POST", "/plain/orders", accept, """{"customer":"","lines":[]}""");
            data.Add("POST", "/api/orders", accept, "{not json");
        }

        data.Add("GET", "/api/orders/3", "text/csv", null);
        data.Add("GET", "/minimal/orders/3", "text/csv", null);
        return data;
    }

    [Theory]
    [MemberData(nameof(Exchanges))]
    public async Task Every_response_is_declared_and_valid_against_its_schema(string method, string path, string accept, string? body)
    {
        var document = await GetDocumentAsync();
        var problems = await OpenApiResponseCheck.ExchangeAsync(server.Client, document, method, path, accept, body);
        Assert.True(problems.Count == 0, string.Join("\n", problems));
    }

    [Fact]
    public async Task Formats_have_their_own_schemas_where_their_wire_differs()
    {
        var document = await GetDocumentAsync();
        var content = OpenApiResponseCheck.FindOperation(document, "GET", "/api/orders/3")["responses"]!["200"]!["content"]!;

        Assert.Equal("#/components/schemas/Order", content["application/json"]!["schema"]!["$ref"]!.GetValue<string>());
        Assert.Equal("#/components/schemas/Order", content["application/jsonc"]!["schema"]!["$ref"]!.GetValue<string>());
        Assert.Equal("#/components/schemas/OrderMessagePack", content["application/x-msgpack"]!["schema"]!["$ref"]!.GetValue<string>());

        var schemas = document["components"]!["schemas"]!;

        // JSON: camelCase names, enums by name (the sample's JsonStringEnumConverter), decimal a number.
        Assert.Equal("#/components/schemas/OrderStatus", schemas["Order"]!["properties"]!["status"]!["$ref"]!.GetValue<string>());
        Assert.Equal(["Pending", "Paid", "Shipped", "Delivered", "Cancelled"], schemas["OrderStatus"]!["anyOf"]![0]!["enum"]!.AsArray().Select(name => name!.GetValue<string>()));
        Assert.Equal("number", schemas["Order"]!["properties"]!["total"]!["type"]!.GetValue<string>());

        // MessagePack (MessagePack-CSharp's contractless rules): CLR names, enums as integers, decimal as text.
        Assert.NotNull(schemas["OrderMessagePack"]!["properties"]!["Status"]);
        Assert.Equal("integer", schemas["OrderStatusMessagePack"]!["type"]!.GetValue<string>());
        Assert.Equal("string", schemas["OrderMessagePack"]!["properties"]!["Total"]!["type"]!.GetValue<string>());
    }

    [Theory]
    [InlineData("GET", "/plain/orders/3", "/minimal/orders/3", "200")]
    [InlineData("POST", "/plain/orders", "/minimal/orders", "201")]
    [InlineData("GET", "/plain/statuses", "/minimal/statuses", "200")]
    public async Task Plain_handlers_under_the_convention_declare_what_negotiated_ones_declare(string method, string plain, string negotiated, string status)
    {
        var document = await GetDocumentAsync();
        var convention = OpenApiResponseCheck.FindOperation(document, method, plain);
        var explicitly = OpenApiResponseCheck.FindOperation(document, method, negotiated);

        Assert.Equal(["application/json", "application/jsonc", "application/x-msgpack"], Keys(convention["responses"]![status]!["content"]!));
        Assert.True(JsonNode.DeepEquals(explicitly["responses"]![status]!["content"], convention["responses"]![status]!["content"]));
        if (method == "POST")
        {
            Assert.True(JsonNode.DeepEquals(explicitly["requestBody"]!["content"], convention["requestBody"]!["content"]));
        }
    }

    private static IEnumerable<string> Keys(JsonNode content) => content.AsObject().Select(entry => entry.Key).Where(key => key is "application/json" or "application/jsonc" or "application/x-msgpack").Order(StringComparer.Ordinal);

    private async Task<JsonObject> GetDocumentAsync()
        => JsonNode.Parse(await server.Client.GetStringAsync("/swagger/v1/swagger.json"))!.AsObject();
}
