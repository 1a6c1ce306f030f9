using System.Text.Json.Nodes;

namespace FastFormatters.ApiDescriptions;

/// <summary>
/// The request and response bodies of one operation as FastFormatters reads and writes them: one JSON Schema per media
/// type, from the converters of the format that media type selects, so a document built from it describes the wire.
/// </summary>
public sealed class OperationSchemas
{
    internal OperationSchemas(IReadOnlyDictionary<string, JsonObject> requestBody, IReadOnlyList<ResponseSchemas> responses, JsonObject definitions)
    {
        RequestBody = requestBody;
        Responses = responses;
        Definitions = definitions;
    }

    /// <summary>
    /// The request body's schema under each media type FastFormatters reads, MessagePack's included (which the API
    /// description itself does not list); empty when there is no body.
    /// </summary>
    public IReadOnlyDictionary<string, JsonObject> RequestBody { get; }

    /// <summary>The declared responses with FastFormatters' media types, then the problems the formatters answer with.</summary>
    public IReadOnlyList<ResponseSchemas> Responses { get; }

    /// <summary>
    /// The named schemas the others refer to as <c>#/$defs/{name}</c>: objects, unions and enums, MessagePack's with the
    /// suffix <c>MessagePack</c> (<c>Order</c> and <c>OrderMessagePack</c>), ready to become OpenAPI components.
    /// </summary>
    public JsonObject Definitions { get; }
}
