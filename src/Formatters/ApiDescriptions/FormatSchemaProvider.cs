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
public sealed class FormatSchemaProvider
{
    private const string ProblemMediaType = "application/problem+json";

    private readonly FastSerializer _minimal;
    private readonly Lazy<FastSerializer> _controllers;
    private readonly FormatRegistry _registry;
    private readonly bool _returnsNotAcceptable;

    internal FormatSchemaProvider(FastSerializer serializer, IOptions<JsonOptions> mvcJsonOptions, FormatRegistry registry, IOptions<FastFormattersOptions> options)
    {
        _minimal = serializer;
        _controllers = new(() => serializer.WithJsonOptions(mvcJsonOptions.Value.JsonSerializerOptions));
        _registry = registry;
        _returnsNotAcceptable = options.Value.ReturnHttpNotAcceptable;
    }

    /// <summary>The bodies of the operation <paramref name="description"/> describes.</summary>
    public OperationSchemas Describe(ApiDescription description)
    {
        ArgumentNullException.ThrowIfNull(description);
        var serializer = description.ActionDescriptor is ControllerActionDescriptor ? _controllers.Value : _minimal;
        var schemas = new Schemas(serializer.CreateSchemaBuilder(messagePack: false), serializer.CreateSchemaBuilder(messagePack: true, "MessagePack"));

        var requestBody = new Dictionary<string, JsonObject>(StringComparer.OrdinalIgnoreCase);
        var bodyType = description.ParameterDescriptions.FirstOrDefault(parameter => parameter.Source == BindingSource.Body)?.Type;
        if (bodyType is not null)
        {
            foreach (var format in description.SupportedRequestFormats)
            {
                if (_registry.FindByContentType(format.MediaType) is { } definition)
                {
                    requestBody[format.MediaType] = schemas.For(definition, bodyType);
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
                content[ProblemMediaType] = schemas.Json.Describe(declaresProblem ? response.Type! : typeof(ProblemDetails));
            }
            else if (response.Type is { } type && type != typeof(void))
            {
                foreach (var format in response.ApiResponseFormats)
                {
                    if (_registry.FindByContentType(format.MediaType) is { } definition)
                    {
                        negotiates = true;
                        content[format.MediaType] = schemas.For(definition, type);
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

        return new OperationSchemas(requestBody, responses, schemas.Definitions());

        void AddProblem(int statusCode, string text, Type problemType)
        {
            if (!responses.Exists(response => response.StatusCode == statusCode)
                && !description.SupportedResponseTypes.Any(response => response.StatusCode == statusCode))
            {
                responses.Add(new ResponseSchemas(statusCode, text, new Dictionary<string, JsonObject> { [ProblemMediaType] = schemas.Json.Describe(problemType) }, isProblem: true));
            }
        }
    }

    /// <summary>The schema builders of one operation: JSON's (for JSON and JMC1) and MessagePack's.</summary>
    private sealed class Schemas(SchemaBuilder json, SchemaBuilder messagePack)
    {
        public SchemaBuilder Json => json;

        /// <summary>A streamed top-level sequence (an <see cref="IAsyncEnumerable{T}"/>) is an array of its elements.</summary>
        public JsonObject For(FormatDefinition format, Type type)
        {
            var builder = format.Name == MessagePack.MessagePackFormat.Name ? messagePack : json;
            return !builder.CanDescribe(type) && SequenceWriter.For(type) is { } sequence
                ? new JsonObject { ["type"] = "array", ["items"] = builder.Describe(sequence.ElementType) }
                : builder.Describe(type);
        }

        public JsonObject Definitions()
        {
            var all = new JsonObject();
            foreach (var (name, schema) in json.Definitions.Concat(messagePack.Definitions))
            {
                all[name] = schema?.DeepClone();
            }

            return all;
        }
    }
}
