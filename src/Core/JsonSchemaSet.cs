using System.Text.Json.Nodes;
using FastFormatters.Serialization;

namespace FastFormatters;

/// <summary>
/// The JSON Schemas (draft 2020-12) of several types in one format, sharing one set of named definitions: what an
/// OpenAPI document needs, where every operation's bodies refer to the same components. Built from the converters that
/// write the types, so the schemas follow the wire. Not thread-safe: build one per document.
/// </summary>
/// <remarks>Created by <see cref="WireFormat.CreateJsonSchemaSet"/>.</remarks>
public sealed class JsonSchemaSet
{
    private readonly SchemaBuilder _builder;

    internal JsonSchemaSet(SchemaBuilder builder) => _builder = builder;

    /// <summary>
    /// The schema of <paramref name="type"/>, referring to the definitions in <see cref="Definitions"/> as
    /// <c>#/$defs/</c><em>name</em>. A response body streamed element by element (an <see cref="IAsyncEnumerable{T}"/>)
    /// is described as the array of its elements it is on the wire.
    /// </summary>
    /// <exception cref="NotSupportedException"><paramref name="type"/> cannot be serialized in this format.</exception>
    public JsonObject GetSchema(Type type)
    {
        ArgumentNullException.ThrowIfNull(type);
        return !_builder.CanDescribe(type) && _builder.StreamedElementType(type) is { } element
            ? new JsonObject { ["type"] = "array", ["items"] = _builder.Describe(element) }
            : _builder.Describe(type);
    }

    /// <summary>The schema of <paramref name="type"/> as a document of its own, its definitions under <c>$defs</c>.</summary>
    internal JsonObject Document(Type type) => _builder.Document(type);

    /// <summary>The named definitions (objects, unions, enums) the schemas returned so far refer to, by name.</summary>
    public JsonObject Definitions => _builder.Definitions;
}
