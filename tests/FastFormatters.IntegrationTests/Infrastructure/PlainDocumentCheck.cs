using System.Buffers;
using System.Net.Http.Headers;
using System.Reflection;
using System.Text.Json;
using System.Text.Json.Nodes;
using System.Text.Json.Serialization;
using FastFormatters.HttpResults;
using MessagePack;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Mvc.ApplicationParts;
using Microsoft.AspNetCore.Mvc.Controllers;
using Microsoft.Extensions.DependencyInjection;

namespace FastFormatters.IntegrationTests.Infrastructure;

/// <summary>
/// An app whose JSON contract differs from MessagePack's (snake_case names, enums by name), described by an OpenAPI
/// generator left to itself; and a client that, for every media type of every request body the document lists, builds
/// the body that media type's schema describes and checks that the server bound the values it sent.
/// </summary>
public static class PlainDocumentCheck
{
    /// <summary>What every body carries; the server echoes what it bound.</summary>
    public static readonly Errand Sent = new() { ErrandNumber = 7, Title = "Tea", Urgency = ErrandUrgency.High };

    /// <summary>The app's JSON contract, for controllers and minimal APIs alike.</summary>
    public static void ConfigureJson(JsonSerializerOptions options)
    {
        options.PropertyNamingPolicy = JsonNamingPolicy.SnakeCaseLower;
        options.Converters.Add(new JsonStringEnumConverter());
    }

    /// <summary>
    /// Starts the app: a controller, a plain minimal handler under <c>WithContentNegotiation()</c>, and one that reads
    /// <see cref="NegotiatedBody{T}"/>, each echoing the errand it bound.
    /// </summary>
    /// <param name="addGenerator">Registers the OpenAPI generator, with no FastFormatters package.</param>
    /// <param name="mapDocument">Maps the document.</param>
    public static Task<KestrelApp> StartAsync(Action<IServiceCollection> addGenerator, Action<WebApplication> mapDocument)
        => KestrelApp.StartAsync(
            builder =>
            {
                builder.Services.AddControllers()
                    .ConfigureApplicationPartManager(manager => manager.FeatureProviders.Add(new ErrandsControllerOnly()))
                    .AddJsonOptions(options => ConfigureJson(options.JsonSerializerOptions))
                    .AddFastFormatters();
                builder.Services.ConfigureHttpJsonOptions(options => ConfigureJson(options.SerializerOptions));
                addGenerator(builder.Services);
            },
            app =>
            {
                mapDocument(app);
                app.MapControllers();
                app.MapGroup("/plain").WithContentNegotiation().MapPost("/errands", (Errand errand) => errand);
                app.MapPost("/negotiated/errands", (NegotiatedBody<Errand> body) => FastResults.Negotiated(body.Value));
            });

    /// <summary>
    /// Posts, for every media type of every request body in <paramref name="document"/>, the body its schema describes,
    /// and returns what went wrong: a status other than 200, or an echo that differs from <see cref="Sent"/>.
    /// </summary>
    public static async Task<List<string>> PostEveryRequestBodyAsync(HttpClient client, JsonObject document)
    {
        var problems = new List<string>();
        var echoOptions = new JsonSerializerOptions();
        ConfigureJson(echoOptions);
        int posted = 0;
        foreach (var (path, item) in document["paths"]!.AsObject())
        {
            if (item!["post"]?["requestBody"]?["content"] is not JsonObject content)
            {
                continue;
            }

            foreach (var (mediaType, media) in content)
            {
                // A range (application/*+json) names no Content-Type a client can send.
                if (mediaType.Contains('*', StringComparison.Ordinal))
                {
                    continue;
                }

                var body = BodyFromSchema(document, media!["schema"]!);
                using var request = new HttpRequestMessage(HttpMethod.Post, path) { Content = new ByteArrayContent(Encode(mediaType, body)) };
                request.Content.Headers.ContentType = MediaTypeHeaderValue.Parse(mediaType);
                request.Headers.Accept.Add(new MediaTypeWithQualityHeaderValue("application/json"));
                using var response = await client.SendAsync(request);
                string text = await response.Content.ReadAsStringAsync();
                posted++;
                if (response.StatusCode != System.Net.HttpStatusCode.OK)
                {
                    problems.Add($"POST {path} as {mediaType} ({body.ToJsonString()}): {(int)response.StatusCode} {text}");
                }
                else if (JsonSerializer.Deserialize<Errand>(text, echoOptions) is not { } echoed
                    || (echoed.ErrandNumber, echoed.Title, echoed.Urgency) != (Sent.ErrandNumber, Sent.Title, Sent.Urgency))
                {
                    problems.Add($"POST {path} as {mediaType} ({body.ToJsonString()}): bound {text}");
                }
            }
        }

        // The three endpoints, each at least in JSON: a document with no bodies would check nothing.
        if (posted < 3)
        {
            problems.Add($"Only {posted} bodies posted: {document["paths"]!.ToJsonString()}");
        }

        return problems;
    }

    /// <summary>The errand as the schema's members: its names, and an enum by name or number as the schema says.</summary>
    private static JsonObject BodyFromSchema(JsonObject document, JsonNode schema)
    {
        var body = new JsonObject();
        foreach (var (name, member) in Resolve(document, schema)["properties"]!.AsObject())
        {
            // A generated client knows the schema's names; the test matches them to the errand's members.
            var property = typeof(Errand).GetProperty(name.Replace("_", "", StringComparison.Ordinal), BindingFlags.Public | BindingFlags.Instance | BindingFlags.IgnoreCase)
                ?? throw new InvalidOperationException($"The schema's member '{name}' is no member of the errand.");
            object value = property.GetValue(Sent)!;
            body[name] = value is ErrandUrgency urgency
                ? EnumNames(document, member!) ? JsonValue.Create(urgency.ToString()) : JsonValue.Create((int)urgency)
                : JsonSerializer.SerializeToNode(value);
        }

        return body;
    }

    private static bool EnumNames(JsonObject document, JsonNode schema)
    {
        var resolved = Resolve(document, schema);
        if (resolved["enum"] is JsonArray values)
        {
            return values.Any(value => value!.GetValueKind() == JsonValueKind.String);
        }

        var cases = (resolved["anyOf"] ?? resolved["oneOf"] ?? resolved["allOf"])?.AsArray() ?? [];
        return cases.Any(item => EnumNames(document, item!));
    }

    private static JsonObject Resolve(JsonObject document, JsonNode schema)
        => schema["$ref"]?.GetValue<string>() is { } reference
            ? document["components"]!["schemas"]![reference["#/components/schemas/".Length..]]!.AsObject()
            : schema.AsObject();

    /// <summary>The body in <paramref name="mediaType"/>: MessagePack by MessagePack-CSharp, JMC1 by FastFormatters.</summary>
    private static byte[] Encode(string mediaType, JsonObject body) => MediaTypeHeaderValue.Parse(mediaType).MediaType switch
    {
        "application/json" or "text/json" => JsonSerializer.SerializeToUtf8Bytes(body),
        "application/jsonc" => SerializeJmc(body),
        "application/x-msgpack" or "application/msgpack" or "application/vnd.msgpack" => EncodeMessagePack(body),
        _ => throw new InvalidOperationException($"No client for the request media type '{mediaType}'."),
    };

    private static byte[] SerializeJmc(JsonObject body)
    {
        var output = new ArrayBufferWriter<byte>();
        new FastFormattersSerializer().Serialize(FastFormat.Jsonc, output, body);
        return output.WrittenSpan.ToArray();
    }

    private static byte[] EncodeMessagePack(JsonObject body)
    {
        var output = new ArrayBufferWriter<byte>();
        var writer = new MessagePackWriter(output);
        writer.WriteMapHeader(body.Count);
        foreach (var (name, value) in body)
        {
            writer.Write(name);
            switch (value!.GetValueKind())
            {
                case JsonValueKind.String:
                    writer.Write(value.GetValue<string>());
                    break;
                case JsonValueKind.Number:
                    writer.Write(value.GetValue<long>());
                    break;
                default:
                    throw new InvalidOperationException($"No MessagePack form for {value.ToJsonString()}.");
            }
        }

        writer.Flush();
        return output.WrittenSpan.ToArray();
    }

    private sealed class ErrandsControllerOnly : IApplicationFeatureProvider<ControllerFeature>
    {
        public void PopulateFeature(IEnumerable<ApplicationPart> parts, ControllerFeature feature)
        {
            feature.Controllers.Clear();
            feature.Controllers.Add(typeof(ErrandsController).GetTypeInfo());
        }
    }
}

public enum ErrandUrgency
{
    Low,
    High,
}

/// <summary>A body whose JSON names (snake_case) and enum form (names) differ from MessagePack's (CLR names, numbers).</summary>
public sealed class Errand
{
    public int ErrandNumber { get; set; }

    public string Title { get; set; } = "";

    public ErrandUrgency Urgency { get; set; }
}

[ApiController]
[Route("api/errands")]
public sealed class ErrandsController : ControllerBase
{
    [HttpPost]
    public Errand Post(Errand errand) => errand;
}
