using System.Text.Json.Nodes;
using FastFormatters.Buffers;
using FastFormatters.Negotiation;
using FastFormatters.Serialization;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Mvc.ApiExplorer;
using Microsoft.AspNetCore.Mvc.Controllers;
using Microsoft.AspNetCore.Mvc.ModelBinding;
using Microsoft.Extensions.Options;

namespace FastFormatters.ApiDescriptions;

/// <summary>
/// Describes an operation's bodies as FastFormatters reads and writes them, for OpenAPI document generators: the
/// JSON Schema of each media type comes from the converters of its format under the contract the endpoint uses
/// (MVC's <c>JsonOptions</c> for controllers, the minimal APIs' for the rest; MessagePack's own rules), problems are
/// <c>application/problem+json</c>, and the 400, 406 and 415 problems the formatters answer with are listed. The
/// FastFormatters.Swashbuckle and FastFormatters.OpenApi packages apply it to their documents.
/// </summary>
/// <remarks>
/// API descriptions list no MessagePack media type: a generator left to itself would give them its JSON schema, which
/// MessagePack's wire does not follow. The MessagePack media types of each body are described here all the same, and
/// the packages add them to the document.
/// </remarks>
public sealed class FormatSchemaProvider
{
    private const string ProblemMediaType = "application/problem+json";
    private const string DefinitionPrefix = "#/$defs/";

    private readonly WireFormat[] _minimal;
    private readonly Lazy<WireFormat[]> _controllers;
    private readonly FormatRegistry _registry;
    private readonly bool _returnsNotAcceptable;

    // Definition names handed out so far, by what they define: one document may describe controllers and minimal
    // endpoints whose JSON options differ, and the same type must then get two names, never one schema for both.
    private readonly Dictionary<string, string> _namesByShape = new(StringComparer.Ordinal);
    private readonly HashSet<string> _names = new(StringComparer.Ordinal);
    private readonly Lock _namesGate = new();

    internal FormatSchemaProvider(FastFormattersSerializer serializer, FastFormats formats, IOptions<JsonOptions> mvcJsonOptions, IOptions<FastFormattersOptions> options)
    {
        _minimal = formats.Formats;
        _controllers = new(() => serializer.WithJsonSerializerOptions(mvcJsonOptions.Value.JsonSerializerOptions) is var controllers && ReferenceEquals(controllers, serializer)
            ? formats.Formats
            : formats.Create(controllers));
        _registry = formats.Registry;
        _returnsNotAcceptable = options.Value.ReturnHttpNotAcceptable;
    }

    /// <summary>The bodies of the operation <paramref name="description"/> describes.</summary>
    public OperationSchemas Describe(ApiDescription description)
    {
        ArgumentNullException.ThrowIfNull(description);
        var schemas = new Schemas(description.ActionDescriptor is ControllerActionDescriptor ? _controllers.Value : _minimal);

        // The MessagePack media types the API description no longer lists count as if it did.
        var messagePack = MessagePackMediaTypes.Of(description);
        var requestBody = new Dictionary<string, JsonObject>(StringComparer.OrdinalIgnoreCase);
        var bodyType = description.ParameterDescriptions.FirstOrDefault(parameter => parameter.Source == BindingSource.Body)?.Type;
        if (bodyType is not null)
        {
            foreach (var mediaType in description.SupportedRequestFormats.Select(format => format.MediaType).Concat(messagePack?.Request ?? []))
            {
                if (_registry.FindByContentType(mediaType) is { } definition && schemas.For(definition, bodyType) is { } schema)
                {
                    requestBody[mediaType] = schema;
                }
            }
        }

        var responses = new List<ResponseSchemas>();
        bool negotiates = false;
        foreach (var response in description.SupportedResponseTypes)
        {
            var content = new Dictionary<string, JsonObject>(StringComparer.OrdinalIgnoreCase);
            // A declared problem, or an error with no body type (NotFound()), is a problem from the app's problem writer.
            bool declaresProblem = response.Type is { } declared && typeof(ProblemDetails).IsAssignableFrom(declared);
            bool isProblem = declaresProblem || response.StatusCode >= 400 && (response.Type is null || response.Type == typeof(void));
            if (isProblem)
            {
                content[ProblemMediaType] = schemas.Json.GetSchema(declaresProblem ? response.Type! : typeof(ProblemDetails));
            }
            else if (response.Type is { } type && type != typeof(void))
            {
                var mediaTypes = response.ApiResponseFormats.Select(format => format.MediaType)
                    .Concat(messagePack?.Responses.GetValueOrDefault(response) ?? []);
                foreach (var mediaType in mediaTypes)
                {
                    if (_registry.FindByContentType(mediaType) is { } definition)
                    {
                        // A format that is not described is left out, never given another format's schema.
                        negotiates = true;
                        if (schemas.For(definition, type) is { } schema)
                        {
                            content[mediaType] = schema;
                        }
                    }
                }
            }

            if (content.Count > 0)
            {
                responses.Add(new ResponseSchemas(response.StatusCode, "", content, isProblem));
            }
        }

        if (bodyType is not null && requestBody.Count > 0)
        {
            AddProblem(StatusCodes.Status400BadRequest, "The body is malformed, too deep, or does not bind to the model.", typeof(HttpValidationProblemDetails));
            AddProblem(StatusCodes.Status415UnsupportedMediaType, "The body's Content-Type (or charset, or Content-Encoding) is not one the API reads.", typeof(ProblemDetails));
        }

        if (negotiates && _returnsNotAcceptable)
        {
            AddProblem(StatusCodes.Status406NotAcceptable, "Nothing in Accept can be produced; the problem lists the media types that can.", typeof(ProblemDetails));
        }

        var definitions = schemas.Definitions();
        var renames = AssignNames(definitions);
        if (renames.Count > 0)
        {
            Rename(definitions, renames);
            Rename(requestBody.Values, renames);
            Rename(responses.SelectMany(response => response.Content.Values), renames);
            definitions = new JsonObject(definitions.Select(entry => KeyValuePair.Create(renames.GetValueOrDefault(entry.Key, entry.Key), entry.Value?.DeepClone())));
        }

        return new OperationSchemas(requestBody, responses, definitions);

        void AddProblem(int statusCode, string text, Type problemType)
        {
            if (!responses.Exists(response => response.StatusCode == statusCode)
                && !description.SupportedResponseTypes.Any(response => response.StatusCode == statusCode))
            {
                responses.Add(new ResponseSchemas(statusCode, text, new Dictionary<string, JsonObject> { [ProblemMediaType] = schemas.Json.GetSchema(problemType) }, isProblem: true));
            }
        }
    }

    /// <summary>
    /// The name each definition gets in the document: its own unless that name already stands for a different shape
    /// (the definition with every reference expanded, so a type that refers to a renamed one is renamed too), then the
    /// first free <c>{name}2</c>, <c>{name}3</c>, ...
    /// </summary>
    private Dictionary<string, string> AssignNames(JsonObject definitions)
    {
        var shapes = new Dictionary<string, string>(StringComparer.Ordinal);
        var renames = new Dictionary<string, string>(StringComparer.Ordinal);
        lock (_namesGate)
        {
            foreach (var (name, _) in definitions)
            {
                // Keyed by name too: an enum's JSON and MessagePack forms may coincide and still keep their own names.
                string shape = name + "=" + Shape(name, definitions, shapes, []);
                if (!_namesByShape.TryGetValue(shape, out var assigned))
                {
                    assigned = name;
                    for (int i = 2; !_names.Add(assigned); i++)
                    {
                        assigned = name + i.ToString(System.Globalization.CultureInfo.InvariantCulture);
                    }

                    _namesByShape.Add(shape, assigned);
                }

                if (assigned != name)
                {
                    renames.Add(name, assigned);
                }
            }
        }

        return renames;
    }

    private static string Shape(string name, JsonObject definitions, Dictionary<string, string> shapes, HashSet<string> expanding)
    {
        if (shapes.TryGetValue(name, out var known))
        {
            return known;
        }

        if (!expanding.Add(name))
        {
            // A type that contains itself: the cycle is named, not expanded.
            return "#" + name;
        }

        var text = new System.Text.StringBuilder();
        Append(definitions[name]);
        expanding.Remove(name);
        return shapes[name] = text.ToString();

        void Append(JsonNode? node)
        {
            switch (node)
            {
                case JsonObject obj when obj["$ref"]?.GetValue<string>() is { } reference:
                    text.Append('{').Append(Shape(reference[DefinitionPrefix.Length..], definitions, shapes, expanding)).Append('}');
                    break;
                case JsonObject obj:
                    text.Append('{');
                    foreach (var (key, value) in obj)
                    {
                        text.Append(key).Append(':');
                        Append(value);
                        text.Append(',');
                    }

                    text.Append('}');
                    break;
                case JsonArray array:
                    text.Append('[');
                    foreach (var item in array)
                    {
                        Append(item);
                        text.Append(',');
                    }

                    text.Append(']');
                    break;
                default:
                    text.Append(node?.ToJsonString() ?? "null");
                    break;
            }
        }
    }

    private static void Rename(IEnumerable<JsonNode?> nodes, Dictionary<string, string> renames)
    {
        foreach (var node in nodes)
        {
            switch (node)
            {
                case JsonObject obj when obj["$ref"]?.GetValue<string>() is { } reference:
                    if (renames.TryGetValue(reference[DefinitionPrefix.Length..], out var renamed))
                    {
                        obj["$ref"] = DefinitionPrefix + renamed;
                    }

                    break;
                case JsonObject obj:
                    Rename(obj.Select(entry => entry.Value), renames);
                    break;
                case JsonArray array:
                    Rename(array, renames);
                    break;
            }
        }
    }

    private static void Rename(JsonObject definitions, Dictionary<string, string> renames)
        => Rename(definitions.Select(entry => entry.Value), renames);

    /// <summary>The schema sets of one operation, one per format that is described, made when first needed.</summary>
    private sealed class Schemas(WireFormat[] formats)
    {
        private readonly JsonSchemaSet?[] _sets = new JsonSchemaSet?[formats.Length];
        private readonly bool[] _made = new bool[formats.Length];

        /// <summary>The schema set of JSON, which problems are written in.</summary>
        public JsonSchemaSet Json => Set(Array.FindIndex(formats, format => format.Definition.Name == FastFormatters.Json.JsonFormat.Name))!;

        /// <summary>The schema of <paramref name="type"/> in <paramref name="format"/>, or null when the format is not described.</summary>
        public JsonObject? For(FormatDefinition format, Type type)
            => Set(Array.FindIndex(formats, candidate => candidate.Definition.Name == format.Name))?.GetSchema(type);

        public JsonObject Definitions()
        {
            var all = new JsonObject();
            foreach (var set in _sets)
            {
                foreach (var (name, schema) in set?.Definitions ?? [])
                {
                    all[name] = schema?.DeepClone();
                }
            }

            return all;
        }

        private JsonSchemaSet? Set(int index)
        {
            if (index < 0)
            {
                return null;
            }

            if (!_made[index])
            {
                _sets[index] = formats[index].CreateJsonSchemaSet(FormatBehavior.For(formats[index]).SchemaNameSuffix);
                _made[index] = true;
            }

            return _sets[index];
        }
    }
}
