using System.Net.Http.Headers;
using System.Text.Json.Nodes;
using System.Text.RegularExpressions;
using NJsonSchema;
using NJsonSchema.Validation;

namespace FastFormatters.IntegrationTests.Infrastructure;

/// <summary>
/// Checks a real response against an OpenAPI document: its status and media type are declared for the operation,
/// and its body — JSON, JMC1 without its comments, or MessagePack decoded — is valid against the declared schema
/// (NJsonSchema, with the document's components as definitions).
/// </summary>
public static class OpenApiResponseCheck
{
    /// <summary>
    /// Sends <paramref name="method"/> <paramref name="path"/> asking for <paramref name="accept"/> (with a JSON body
    /// when there is one) and returns what is wrong with the response against <paramref name="document"/>.
    /// </summary>
    public static async Task<List<string>> ExchangeAsync(HttpClient client, JsonObject document, string method, string path, string accept, string? body)
    {
        using var request = new HttpRequestMessage(new HttpMethod(method), path);
        request.Headers.Accept.Add(new MediaTypeWithQualityHeaderValue(accept));
        if (body is not null)
        {
            request.Content = new StringContent(body, System.Text.Encoding.UTF8, "application/json");
        }

        using var response = await client.SendAsync(request);
        return await ProblemsAsync(document, method, path, response);
    }

    /// <summary>What is wrong with <paramref name="response"/> to <paramref name="method"/> <paramref name="path"/>; empty when nothing is.</summary>
    public static async Task<List<string>> ProblemsAsync(JsonObject document, string method, string path, HttpResponseMessage response)
    {
        var bytes = await response.Content.ReadAsByteArrayAsync();
        string mediaType = response.Content.Headers.ContentType!.MediaType!;
        var operation = FindOperation(document, method, path);
        var declared = operation["responses"]?[((int)response.StatusCode).ToString(System.Globalization.CultureInfo.InvariantCulture)];
        if (declared is null)
        {
            return [$"{method} {path} answered {(int)response.StatusCode}, which its operation does not declare."];
        }

        var content = declared["content"]?.AsObject();
        var schema = content?.FirstOrDefault(entry => MediaTypeHeaderValue.Parse(entry.Key).MediaType == mediaType).Value?["schema"];
        if (schema is null)
        {
            return [$"{method} {path} answered {(int)response.StatusCode} as {mediaType}, which is not declared for it: {string.Join(", ", content?.Select(entry => entry.Key) ?? [])}."];
        }

        var instance = mediaType switch
        {
            "application/x-msgpack" => DecodedMessagePack.ToJson(bytes),
            "application/jsonc" => JsonNode.Parse(FastFormatters.Core.Tests.Jmc.JmcWalker.CheckAndStrip(bytes, out _)),
            _ => JsonNode.Parse(bytes),
        };

        // The declared schema, with the document's components as its definitions so its references resolve.
        var standalone = new JsonObject
        {
            ["allOf"] = new JsonArray(schema.DeepClone()),
            ["definitions"] = document["components"]!["schemas"]!.DeepClone(),
        };
        var validator = await JsonSchema.FromJsonAsync(standalone.ToJsonString().Replace("#/components/schemas/", "#/definitions/", StringComparison.Ordinal));
        return [.. Flatten(validator.Validate(instance?.ToJsonString() ?? "null")).Select(error => $"{method} {path} as {mediaType}: {error}\n{instance?.ToJsonString()}")];
    }

    /// <summary>The operation of <paramref name="document"/> that serves <paramref name="method"/> <paramref name="path"/> (a path with no query).</summary>
    public static JsonObject FindOperation(JsonObject document, string method, string path)
    {
        string absolute = path.Split('?')[0];
        foreach (var (template, item) in document["paths"]!.AsObject())
        {
            var pattern = "^" + Regex.Replace(Regex.Escape(template), @"\\\{[^}]*}", "[^/]+") + "$";
            if (Regex.IsMatch(absolute, pattern) && item![method.ToLowerInvariant()] is JsonObject operation)
            {
                return operation;
            }
        }

        throw new Xunit.Sdk.XunitException($"No operation {method} {path} in the document.");
    }

    private static IEnumerable<string> Flatten(IEnumerable<ValidationError> errors)
        => errors.SelectMany(error => error is ChildSchemaValidationError child && child.Errors.Count > 0
            ? child.Errors.Values.SelectMany(Flatten)
            : [$"{error.Path}: {error.Kind}"]);
}
