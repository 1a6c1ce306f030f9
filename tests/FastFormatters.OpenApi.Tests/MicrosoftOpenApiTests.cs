using System.Text.Json.Nodes;
using System.Text.Json.Serialization;
using FastFormatters.HttpResults;
using FastFormatters.IntegrationTests.Infrastructure;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.HttpResults;
using Microsoft.Extensions.DependencyInjection;

namespace FastFormatters.OpenApi.Tests;

/// <summary>
/// Microsoft.AspNetCore.OpenApi's document with <c>AddFastFormatters()</c>, for controllers and minimal APIs, against
/// real responses in every format over Kestrel.
/// </summary>
public sealed class MicrosoftOpenApiTests : IAsyncLifetime
{
    private KestrelApp _app = null!;

    public async Task InitializeAsync()
        => _app = await KestrelApp.StartAsync(
            builder =>
            {
                builder.Services.AddControllers()
                    .AddApplicationPart(typeof(ShipmentsController).Assembly)
                    .AddJsonOptions(options => options.JsonSerializerOptions.Converters.Add(new JsonStringEnumConverter()))
                    .AddFastFormatters(options => options.ReturnHttpNotAcceptable = true);
                builder.Services.AddProblemDetails();
                builder.Services.AddOpenApi(options => options.AddFastFormatters());
            },
            app =>
            {
                app.UseStatusCodePages();
                app.MapOpenApi();
                app.MapControllers();
                app.MapGet("/minimal/shipments/{id:int}", Results<Negotiated<Shipment>, ProblemHttpResult> (int id)
                        => id > 0 ? FastResults.Negotiated(Shipments.Find(id)) : TypedResults.Problem(statusCode: StatusCodes.Status404NotFound))
                    .ProducesProblem(StatusCodes.Status404NotFound);
                app.MapPost("/minimal/shipments", (NegotiatedBody<Shipment> body) => FastResults.Negotiated(body.Value));

                var plain = app.MapGroup("/plain").WithContentNegotiation();
                plain.MapGet("/shipments/{id:int}", Results<Ok<Shipment>, ProblemHttpResult> (int id)
                        => id > 0 ? TypedResults.Ok(Shipments.Find(id)) : TypedResults.Problem(statusCode: StatusCodes.Status404NotFound))
                    .ProducesProblem(StatusCodes.Status404NotFound);
                plain.MapPost("/shipments", (Shipment shipment) => TypedResults.Ok(shipment));
            });

    public async Task DisposeAsync() => await _app.DisposeAsync();

    public static TheoryData<string, string, string, string?> Exchanges()
    {
        var data = new TheoryData<string, string, string, string?>();
        string body = """{"id":5,"ref":"S-5","carrier":"Post","weight":1.5,"sentAt":"2026-11-01T09:30:00+02:00","duration":"01:00:00","tracking":"6f9619ff-8b86-d011-b42d-00c04fc964ff","grade":"B","label":"AQI=","temperature":3,"counts":{},"parcels":[]}""";
        foreach (var accept in new[] { "application/json", "application/jsonc", "application/x-msgpack" })
        {
            foreach (var id in new[] { 1, 2, 3, -1 })
            {
                data.Add("GET", $"/api/shipments/{id}", accept, null);
                data.Add("GET", $"/minimal/shipments/{id}", accept, null);
                data.Add("GET", $"/plain/shipments/{id}", accept, null);
            }

            data.Add("POST", "/plain/shipments", accept, body);

            data.Add("POST", "/api/shipments", accept, body);
            data.Add("POST", "/minimal/shipments", accept, body);
            data.Add("POST", "/api/shipments", accept, "{not json");
            data.Add("POST", "/minimal/shipments", accept, "{not json");
        }

        data.Add("GET", "/api/shipments/1", "text/csv", null);
        data.Add("GET", "/minimal/shipments/1", "text/csv", null);
        return data;
    }

    [Theory]
    [MemberData(nameof(Exchanges))]
    public async Task Every_response_is_declared_and_valid_against_its_schema(string method, string path, string accept, string? body)
    {
        var document = JsonNode.Parse(await _app.Client.GetStringAsync("/openapi/v1.json"))!.AsObject();
        var problems = await OpenApiResponseCheck.ExchangeAsync(_app.Client, document, method, path, accept, body);
        Assert.True(problems.Count == 0, string.Join("\n", problems));
    }

    [Fact]
    public async Task Each_format_and_each_contract_declares_the_names_and_forms_it_writes()
    {
        var document = JsonNode.Parse(await _app.Client.GetStringAsync("/openapi/v1.json"))!.AsObject();
        var controller = OpenApiResponseCheck.FindOperation(document, "GET", "/api/shipments/1")["responses"]!["200"]!["content"]!;
        var minimal = OpenApiResponseCheck.FindOperation(document, "GET", "/minimal/shipments/1")["responses"]!["200"]!["content"]!;

        var json = Resolve(document, controller["application/json"]!["schema"])!["properties"]!;
        var jsonc = Resolve(document, controller["application/jsonc"]!["schema"])!["properties"]!;
        var messagePack = Resolve(document, controller["application/x-msgpack"]!["schema"])!["properties"]!;
        var minimalJson = Resolve(document, minimal["application/json"]!["schema"])!["properties"]!;

        // JSON and JMC1 carry the same data: [JsonPropertyName], camelCase, enum names (MVC's JsonStringEnumConverter).
        Assert.True(JsonNode.DeepEquals(json, jsonc));
        Assert.NotNull(json["ref"]);
        Assert.Equal(["Post", "Courier"], Resolve(document, json["carrier"])!["anyOf"]![0]!["enum"]!.AsArray().Select(name => name!.GetValue<string>()));
        Assert.Equal("number", json["weight"]!["type"]!.GetValue<string>());
        Assert.NotNull(Resolve(document, json["parcels"]!["items"])!["properties"]!["weight"]);

        // The minimal APIs' JSON options have no enum converter here: the same type, another component, numbers.
        Assert.Equal("integer", Resolve(document, minimalJson["carrier"])!["type"]!.GetValue<string>());

        // MessagePack (MessagePack-CSharp's rules): CLR names, enum numbers, decimal text, [DataMember(Name)].
        Assert.NotNull(messagePack["Reference"]);
        Assert.Equal("integer", Resolve(document, messagePack["Carrier"])!["type"]!.GetValue<string>());
        Assert.Equal("string", messagePack["Weight"]!["type"]!.GetValue<string>());
        Assert.NotNull(Resolve(document, messagePack["Parcels"]!["items"])!["properties"]!["w"]);

        // Problems are problem+json, and the formatters' own answers are declared.
        var responses = OpenApiResponseCheck.FindOperation(document, "POST", "/api/shipments")["responses"]!;
        foreach (var status in new[] { "400", "406", "415" })
        {
            Assert.Equal(["application/problem+json"], responses[status]!["content"]!.AsObject().Select(entry => entry.Key));
        }
    }

    [Theory]
    [InlineData("GET", "/plain/shipments/1", "/minimal/shipments/1")]
    [InlineData("POST", "/plain/shipments", "/minimal/shipments")]
    public async Task Plain_handlers_under_the_convention_declare_what_negotiated_ones_declare(string method, string plain, string negotiated)
    {
        var document = JsonNode.Parse(await _app.Client.GetStringAsync("/openapi/v1.json"))!.AsObject();
        var convention = OpenApiResponseCheck.FindOperation(document, method, plain);
        var explicitly = OpenApiResponseCheck.FindOperation(document, method, negotiated);

        Assert.Equal(
            ["application/json", "application/jsonc", "application/x-msgpack"],
            convention["responses"]!["200"]!["content"]!.AsObject().Select(entry => entry.Key).Where(key => key is "application/json" or "application/jsonc" or "application/x-msgpack").Order(StringComparer.Ordinal));
        Assert.True(JsonNode.DeepEquals(explicitly["responses"]!["200"]!["content"], convention["responses"]!["200"]!["content"]));
        if (method == "POST")
        {
            Assert.True(JsonNode.DeepEquals(explicitly["requestBody"]!["content"], convention["requestBody"]!["content"]));
        }
    }

    private static JsonNode? Resolve(JsonObject document, JsonNode? schema)
        => schema?["$ref"]?.GetValue<string>() is { } reference
            ? document["components"]!["schemas"]![reference["#/components/schemas/".Length..]]
            : schema;
}
