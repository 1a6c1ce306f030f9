using System.Buffers;
using System.Text.Json;
using System.Text.Json.Nodes;

namespace FastFormatters.Serialization.Values;

/// <summary>
/// System.Text.Json's document types (<see cref="JsonElement"/>, <see cref="JsonDocument"/>, <see cref="JsonNode"/> and
/// its kinds) as values of any format: each format writes an element's tree in its own form and reads one back into a
/// document of the same shape.
/// </summary>
internal static class JsonDocuments
{
    /// <summary>How documents are parsed: comments skipped (JMC1's length comments), as deep as any format may nest.</summary>
    public static readonly JsonDocumentOptions ParseOptions = new() { CommentHandling = JsonCommentHandling.Skip, MaxDepth = FastSerializerOptions.MaxDepthLimit + 1 };

    /// <summary>The element of a node, by way of its JSON text.</summary>
    public static JsonDocument ToDocument(JsonNode node)
    {
        var buffer = new ArrayBufferWriter<byte>();
        using (var json = new Utf8JsonWriter(buffer))
        {
            node.WriteTo(json);
        }

        return JsonDocument.Parse(buffer.WrittenMemory, ParseOptions);
    }

    /// <summary>The node of <paramref name="element"/>, or null when it is not of the kind <typeparamref name="TNode"/>.</summary>
    public static TNode? ToNode<TNode>(JsonElement element)
        where TNode : JsonNode
    {
        JsonNode? node = element.ValueKind switch
        {
            JsonValueKind.Object => JsonObject.Create(element.Clone()),
            JsonValueKind.Array => JsonArray.Create(element.Clone()),
            _ => JsonValue.Create(element.Clone()),
        };
        return node as TNode;
    }

    /// <summary>The schema of a node kind: an object, an array, or any value.</summary>
    public static JsonObject DescribeNode<TNode>()
        => typeof(TNode) == typeof(JsonObject) ? SchemaBuilder.Of("object") : typeof(TNode) == typeof(JsonArray) ? SchemaBuilder.Of("array") : [];
}
