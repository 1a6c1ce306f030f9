using System.Globalization;
using System.Text.Json.Nodes;
using FastFormatters.ApiDescriptions;
using Microsoft.OpenApi;

namespace FastFormatters.OpenApi;

/// <summary>
/// Writes an operation's <see cref="OperationSchemas"/> into an OpenAPI operation: each media type's schema replaced by
/// the one of its format, MessagePack's media types added, problems declared as <c>application/problem+json</c>, the formatters' error responses added,
/// and the named schemas handed to the document's components. Compiled into each OpenAPI package against the
/// Microsoft.OpenApi version its document generator uses.
/// </summary>
internal static class OpenApiOperationWriter
{
    private const string DefinitionPrefix = "#/$defs/";

    /// <param name="operation">The operation to change.</param>
    /// <param name="schemas">Its bodies as FastFormatters reads and writes them.</param>
    /// <param name="document">The document the component references resolve in.</param>
    /// <param name="defineComponent">Adds or replaces a schema among the document's components.</param>
    public static void Apply(OpenApiOperation operation, OperationSchemas schemas, OpenApiDocument? document, Action<string, IOpenApiSchema> defineComponent)
    {
        foreach (var (name, definition) in schemas.Definitions)
        {
            defineComponent(name, ToOpenApi((JsonObject)definition!, document));
        }

        // MessagePack's media types are added here: the API description leaves them out, so that a document made
        // without this package does not give them the JSON schema.
        if (operation.RequestBody?.Content is { } requestContent)
        {
            foreach (var (mediaType, schema) in schemas.RequestBody)
            {
                SetSchema(requestContent, mediaType, ToOpenApi(schema, document));
            }
        }

        operation.Responses ??= [];
        foreach (var response in schemas.Responses)
        {
            string statusCode = response.StatusCode.ToString(CultureInfo.InvariantCulture);
            if (!operation.Responses.TryGetValue(statusCode, out var declared))
            {
                declared = new OpenApiResponse { Description = response.Description };
                operation.Responses[statusCode] = declared;
            }

            // A response shared through components is the document's to describe, not this operation's.
            if (declared is not OpenApiResponse target)
            {
                continue;
            }

            target.Content ??= NewContent();
            if (response.IsProblem)
            {
                target.Content.Clear();
            }

            foreach (var (mediaType, schema) in response.Content)
            {
                SetSchema(target.Content, mediaType, ToOpenApi(schema, document));
            }
        }
    }

#if MICROSOFT_OPENAPI_3
    private static Dictionary<string, IOpenApiMediaType> NewContent() => new(StringComparer.Ordinal);

    private static void SetSchema(IDictionary<string, IOpenApiMediaType> content, string mediaType, IOpenApiSchema schema)
#else
    private static Dictionary<string, OpenApiMediaType> NewContent() => new(StringComparer.Ordinal);

    private static void SetSchema(IDictionary<string, OpenApiMediaType> content, string mediaType, IOpenApiSchema schema)
#endif
    {
        if (content.TryGetValue(mediaType, out var existing) && existing is OpenApiMediaType media)
        {
            media.Schema = schema;
        }
        else
        {
            content[mediaType] = new OpenApiMediaType { Schema = schema };
        }
    }

    /// <summary>A JSON Schema from <see cref="OperationSchemas"/> as the OpenAPI object model's schema.</summary>
    public static IOpenApiSchema ToOpenApi(JsonObject schema, OpenApiDocument? document)
    {
        if (schema["$ref"]?.GetValue<string>() is { } reference)
        {
            return new OpenApiSchemaReference(reference[DefinitionPrefix.Length..], document);
        }

        var result = new OpenApiSchema();
        foreach (var (keyword, value) in schema)
        {
            switch (keyword)
            {
                case "type":
                    result.Type = value is JsonArray types
                        ? types.Aggregate((JsonSchemaType)0, (all, type) => all | TypeOf(type!.GetValue<string>()))
                        : TypeOf(value!.GetValue<string>());
                    break;
                case "format":
                    result.Format = value!.GetValue<string>();
                    break;
                case "pattern":
                    result.Pattern = value!.GetValue<string>();
                    break;
                case "description":
                    result.Description = value!.GetValue<string>();
                    break;
                case "contentEncoding":
                    result.ContentEncoding = value!.GetValue<string>();
                    break;
                case "minimum":
                    result.Minimum = value!.ToJsonString();
                    break;
                case "maximum":
                    result.Maximum = value!.ToJsonString();
                    break;
                case "minLength":
                    result.MinLength = value!.GetValue<int>();
                    break;
                case "maxLength":
                    result.MaxLength = value!.GetValue<int>();
                    break;
                case "minItems":
                    result.MinItems = value!.GetValue<int>();
                    break;
                case "maxItems":
                    result.MaxItems = value!.GetValue<int>();
                    break;
                case "readOnly":
                    result.ReadOnly = value!.GetValue<bool>();
                    break;
                case "writeOnly":
                    result.WriteOnly = value!.GetValue<bool>();
                    break;
                case "const":
                    result.Const = value!.ToJsonString().Trim('"');
                    result.Enum = [value.DeepClone()];
                    break;
                case "enum":
                    result.Enum = [.. ((JsonArray)value!).Select(item => item!.DeepClone())];
                    break;
                case "required":
                    result.Required = new HashSet<string>(((JsonArray)value!).Select(item => item!.GetValue<string>()), StringComparer.Ordinal);
                    break;
                case "properties":
                    result.Properties = ((JsonObject)value!).ToDictionary(property => property.Key, property => ToOpenApi((JsonObject)property.Value!, document), StringComparer.Ordinal);
                    break;
                case "items":
                    result.Items = ToOpenApi((JsonObject)value!, document);
                    break;
                case "additionalProperties" when value is JsonObject additional:
                    result.AdditionalProperties = ToOpenApi(additional, document);
                    break;
                case "additionalProperties":
                    result.AdditionalPropertiesAllowed = value!.GetValue<bool>();
                    break;
                case "anyOf":
                    result.AnyOf = All((JsonArray)value!, document);
                    break;
                case "oneOf":
                    result.OneOf = All((JsonArray)value!, document);
                    break;
                case "allOf":
                    result.AllOf = All((JsonArray)value!, document);
                    break;
                case "prefixItems":
                    // OpenAPI 3.0 has no positional items: each item (of MessagePack's keyed objects and pairs) is one of
                    // the listed schemas, and minItems/maxItems keep the length.
                    result.Items = new OpenApiSchema { AnyOf = All((JsonArray)value!, document) };
                    break;
            }
        }

        return result;
    }

    private static List<IOpenApiSchema> All(JsonArray schemas, OpenApiDocument? document)
        => [.. schemas.Select(schema => ToOpenApi((JsonObject)schema!, document))];

    private static JsonSchemaType TypeOf(string type) => type switch
    {
        "string" => JsonSchemaType.String,
        "integer" => JsonSchemaType.Integer,
        "number" => JsonSchemaType.Number,
        "boolean" => JsonSchemaType.Boolean,
        "object" => JsonSchemaType.Object,
        "array" => JsonSchemaType.Array,
        "null" => JsonSchemaType.Null,
        _ => throw new ArgumentOutOfRangeException(nameof(type), type, "Not a JSON Schema type."),
    };
}
