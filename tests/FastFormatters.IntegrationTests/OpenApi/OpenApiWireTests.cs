using System.Net;
using System.Net.Http.Headers;
using System.Text;
using System.Text.Json.Nodes;
using FastFormatters.IntegrationTests.Infrastructure;
using NJsonSchema;

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
            })
            {
                data.Add("GET", path, accept, null);
            }

            data.Add("POST", "/api/orders", accept, CreateOrder);
            data.Add("POST", "/minimal/orders", accept, CreateOrder);
            data.Add("POST", "/api/orders", accept, """{"customer":"","lines":[]}""");
            data.Add("POST", "/minimal/orders", accept, """{"customer":"","lines":[]}""");
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
        using var request = new HttpRequestMessage(new HttpMethod(method), path);
        request.Headers.Accept.Add(new MediaTypeWithQualityHeaderValue(accept));
        if (body is not null)
        {
            request.Content = new StringContent(body, Encoding.UTF8, "application/json");
        }

        using var response = await server.Client.SendAsync(request);
        var bytes = await response.Content.ReadAsByteArrayAsync();
        string mediaType = response.Content.Headers.ContentType!.MediaType!;

        var operation = FindOperation(document, method, new Uri(server.BaseAddress, path).AbsolutePath);
        var declared = operation["responses"]?[((int)response.StatusCode).ToString(System.Globalization.CultureInfo.InvariantCulture)];
        Assert.True(declared is not null, $"{method} {path} answered {(int)response.StatusCode}, which its operation does not declare.");
        var content = declared!["content"]?.AsObject();
        var schema = content?.FirstOrDefault(entry => MediaTypeHeaderValue.Parse(entry.Key).MediaType == mediaType).Value?["schema"];
        Assert.True(schema is not null, $"{method} {path} answered {(int)response.StatusCode} as {mediaType}, which is not declared for it: {string.Join(", ", content?.Select(entry => entry.Key) ?? [])}.");

        var instance = mediaType switch
        {
            "application/x-msgpack" => DecodedMessagePack.ToJson(bytes),
            "application/jsonc" => JsonNode.Parse(FastFormatters.Tests.Jmc.JmcWalker.CheckAndStrip(bytes, out _)),
            _ => JsonNode.Parse(bytes),
        };
        var errors = await ValidateAsync(document, schema!, instance);
        Assert.True(errors.Count == 0, $"{method} {path} as {mediaType}: {string.Join("; ", errors)}\n{instance?.ToJsonString()}");
    }

    [Fact]
    public async Task Formats_have_their_own_schemas_where_their_wire_differs()
    {
        var document = await GetDocumentAsync();
        var content = FindOperation(document, "GET", "/api/orders/3")["responses"]!["200"]!["content"]!;

        Assert.Equal("#/components/schemas/Order", content["application/json"]!["schema"]!["$ref"]!.GetValue<string>());
        Assert.Equal("#/components/schemas/Order", content["application/jsonc"]!["schema"]!["$ref"]!.GetValue<string>());
        Assert.Equal("#/components/schemas/OrderMessagePack", content["application/x-msgpack"]!["schema"]!["$ref"]!.GetValue<string>());

        var schemas = document["components"]!["schemas"]!;

        // JSON: camelCase names, enums by name (the sample's JsonStringEnumConverter), decimal a number.
        Assert.Equal("#/components/schemas/OrderStatus", schemas["Order"]!["properties"]!["status"]!["$ref"]!.GetValue<string>());
        Assert.Equal(["Pending", "Paid", "Shipped", "Delivered", "Cancelled"], schemas["OrderStatus"]!["enum"]!.AsArray().Select(name => name!.GetValue<string>()));
        Assert.Equal("number", schemas["Order"]!["properties"]!["total"]!["type"]!.GetValue<string>());

        // MessagePack (MessagePack-CSharp's contractless rules): CLR names, enums as integers, decimal as text.
        Assert.NotNull(schemas["OrderMessagePack"]!["properties"]!["Status"]);
        Assert.Equal("integer", schemas["OrderStatusMessagePack"]!["type"]!.GetValue<string>());
        Assert.Equal("string", schemas["OrderMessagePack"]!["properties"]!["Total"]!["type"]!.GetValue<string>());
    }

    private async Task<JsonObject> GetDocumentAsync()
        => JsonNode.Parse(await server.Client.GetStringAsync("/swagger/v1/swagger.json"))!.AsObject();

    private static JsonObject FindOperation(JsonObject document, string method, string path)
    {
        foreach (var (template, item) in document["paths"]!.AsObject())
        {
            var pattern = "^" + System.Text.RegularExpressions.Regex.Replace(System.Text.RegularExpressions.Regex.Escape(template), @"\\\{[^}]*}", "[^/]+") + "$";
            if (System.Text.RegularExpressions.Regex.IsMatch(path, pattern) && item![method.ToLowerInvariant()] is JsonObject operation)
            {
                return operation;
            }
        }

        throw new Xunit.Sdk.XunitException($"No operation {method} {path} in the document.");
    }

    private static async Task<List<string>> ValidateAsync(JsonObject document, JsonNode schema, JsonNode? instance)
    {
        // The declared schema, with the document's components as its definitions so its references resolve.
        var standalone = new JsonObject
        {
            ["allOf"] = new JsonArray(schema.DeepClone()),
            ["definitions"] = document["components"]!["schemas"]!.DeepClone(),
        };
        var validator = await JsonSchema.FromJsonAsync(standalone.ToJsonString().Replace("#/components/schemas/", "#/definitions/", StringComparison.Ordinal));
        return [.. Flatten(validator.Validate(instance?.ToJsonString() ?? "null"))];
    }

    private static IEnumerable<string> Flatten(IEnumerable<NJsonSchema.Validation.ValidationError> errors)
        => errors.SelectMany(error => error is NJsonSchema.Validation.ChildSchemaValidationError child && child.Errors.Count > 0
            ? child.Errors.Values.SelectMany(Flatten)
            : [$"{error.Path}: {error.Kind}"]);
}
