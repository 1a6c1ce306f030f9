using System.Buffers;
using System.Text.Json;
using System.Text.Json.Nodes;
using FastFormatters.Buffers;
using FastFormatters.Json;
using FastFormatters.MessagePack;

namespace FastFormatters.Serialization.Converters;

/// <summary>
/// System.Text.Json's document types (<see cref="JsonElement"/>, <see cref="JsonDocument"/>, <see cref="JsonNode"/> and
/// its kinds) as bodies and members: in JSON and JMC1 the document itself; in MessagePack objects become maps, arrays
/// arrays, numbers integers when they are whole and fit 64 bits (else float64), strings, booleans and null themselves.
/// Read back from either format into a document of the same shape.
/// </summary>
internal static class JsonDocumentValues
{
    private static readonly JsonDocumentOptions s_parse = new() { CommentHandling = JsonCommentHandling.Skip, MaxDepth = FastSerializerOptions.MaxDepthLimit + 1 };

    public static void WriteJson(ref JsonWriter writer, JsonElement element)
    {
        switch (element.ValueKind)
        {
            case JsonValueKind.Object:
            {
                int count = 0;
                foreach (var _ in element.EnumerateObject())
                {
                    count++;
                }

                writer.WriteBeginDictionary(count);
                bool separator = false;
                foreach (var property in element.EnumerateObject())
                {
                    if (separator)
                    {
                        writer.WriteValueSeparator();
                    }

                    writer.WritePropertyName(property.Name);
                    WriteJson(ref writer, property.Value);
                    separator = true;
                }

                writer.WriteEndObject();
                break;
            }

            case JsonValueKind.Array:
            {
                writer.WriteBeginArray(element.GetArrayLength());
                bool separator = false;
                foreach (var item in element.EnumerateArray())
                {
                    if (separator)
                    {
                        writer.WriteValueSeparator();
                    }

                    WriteJson(ref writer, item);
                    separator = true;
                }

                writer.WriteEndArray();
                break;
            }

            case JsonValueKind.String:
                writer.WriteString(element.GetString());
                break;
            case JsonValueKind.Number:
                // The number's own text: no precision is lost in either direction.
                writer.WriteRaw(System.Runtime.InteropServices.JsonMarshal.GetRawUtf8Value(element));
                break;
            case JsonValueKind.True:
            case JsonValueKind.False:
                writer.WriteBoolean(element.GetBoolean());
                break;
            case JsonValueKind.Null:
                writer.WriteNull();
                break;
            default:
                throw new InvalidOperationException("A JsonElement without a value (default(JsonElement)) cannot be written.");
        }
    }

    public static void WriteMessagePack(ref MessagePackWriter writer, JsonElement element)
    {
        switch (element.ValueKind)
        {
            case JsonValueKind.Object:
            {
                int count = 0;
                foreach (var _ in element.EnumerateObject())
                {
                    count++;
                }

                writer.WriteMapHeader(count);
                foreach (var property in element.EnumerateObject())
                {
                    writer.WriteString(property.Name);
                    WriteMessagePack(ref writer, property.Value);
                }

                writer.WriteEndContainer();
                break;
            }

            case JsonValueKind.Array:
                writer.WriteArrayHeader(element.GetArrayLength());
                foreach (var item in element.EnumerateArray())
                {
                    WriteMessagePack(ref writer, item);
                }

                writer.WriteEndContainer();
                break;
            case JsonValueKind.String:
                writer.WriteString(element.GetString());
                break;
            case JsonValueKind.Number when element.TryGetInt64(out long integer):
                writer.WriteInt64(integer);
                break;
            case JsonValueKind.Number when element.TryGetUInt64(out ulong large):
                writer.WriteUInt64(large);
                break;
            case JsonValueKind.Number:
                writer.WriteDouble(element.GetDouble());
                break;
            case JsonValueKind.True:
            case JsonValueKind.False:
                writer.WriteBoolean(element.GetBoolean());
                break;
            case JsonValueKind.Null:
                writer.WriteNil();
                break;
            default:
                throw new InvalidOperationException("A JsonElement without a value (default(JsonElement)) cannot be written.");
        }
    }

    /// <summary>Parses the next JSON (or JMC1) value into a document of its own.</summary>
    public static JsonDocument ParseJson(ref JsonReader reader) => JsonDocument.Parse(reader.ReadRawValue().ToArray(), s_parse);

    /// <summary>Reads the next MessagePack value as plain values, then as a document (dates and binary become strings).</summary>
    public static JsonDocument ParseMessagePack(ref MessagePackReader reader, ObjectValueConverter values)
    {
        var tree = values.ReadMessagePack(ref reader);
        using var json = new PooledBufferWriter(1024);
        var writer = new JsonWriter(json, FastSerializerOptions.MaxDepthLimit);
        values.WriteJson(ref writer, tree);
        writer.Flush();
        return JsonDocument.Parse(json.ToArray(), s_parse);
    }

    /// <summary>The element of a node, by way of its JSON text.</summary>
    public static JsonDocument ToDocument(JsonNode node)
    {
        var buffer = new ArrayBufferWriter<byte>();
        using (var json = new Utf8JsonWriter(buffer))
        {
            node.WriteTo(json);
        }

        return JsonDocument.Parse(buffer.WrittenMemory, s_parse);
    }
}

/// <summary>A <see cref="JsonElement"/>: see <see cref="JsonDocumentValues"/>.</summary>
internal sealed class JsonElementConverter : ValueConverter<JsonElement>
{
    private readonly ObjectValueConverter _values;

    public JsonElementConverter(ObjectValueConverter values) => _values = values;

    public override void WriteJson(ref JsonWriter writer, JsonElement value) => JsonDocumentValues.WriteJson(ref writer, value);

    public override JsonElement ReadJson(ref JsonReader reader)
    {
        using var document = JsonDocumentValues.ParseJson(ref reader);
        return document.RootElement.Clone();
    }

    public override void WriteMessagePack(ref MessagePackWriter writer, JsonElement value) => JsonDocumentValues.WriteMessagePack(ref writer, value);

    public override JsonElement ReadMessagePack(ref MessagePackReader reader)
    {
        using var document = JsonDocumentValues.ParseMessagePack(ref reader, _values);
        return document.RootElement.Clone();
    }
}

/// <summary>A <see cref="JsonDocument"/>, null as null: see <see cref="JsonDocumentValues"/>.</summary>
internal sealed class JsonDocumentConverter : ValueConverter<JsonDocument?>
{
    private readonly ObjectValueConverter _values;

    public JsonDocumentConverter(ObjectValueConverter values) => _values = values;

    public override void WriteJson(ref JsonWriter writer, JsonDocument? value)
    {
        if (value is null)
        {
            writer.WriteNull();
            return;
        }

        JsonDocumentValues.WriteJson(ref writer, value.RootElement);
    }

    public override JsonDocument? ReadJson(ref JsonReader reader) => reader.TryReadNull() ? null : JsonDocumentValues.ParseJson(ref reader);

    public override void WriteMessagePack(ref MessagePackWriter writer, JsonDocument? value)
    {
        if (value is null)
        {
            writer.WriteNil();
            return;
        }

        JsonDocumentValues.WriteMessagePack(ref writer, value.RootElement);
    }

    public override JsonDocument? ReadMessagePack(ref MessagePackReader reader) => reader.TryReadNil() ? null : JsonDocumentValues.ParseMessagePack(ref reader, _values);
}

/// <summary>
/// A <see cref="JsonNode"/> or one of its kinds (<see cref="JsonObject"/>, <see cref="JsonArray"/>,
/// <see cref="JsonValue"/>); a value of another kind than the declared one is an error. JSON null is a null node, as
/// System.Text.Json reads it.
/// </summary>
internal sealed class JsonNodeConverter<TNode> : ValueConverter<TNode?>
    where TNode : JsonNode
{
    public override JsonObject DescribeSchema(SchemaBuilder schema)
        => typeof(TNode) == typeof(JsonObject) ? SchemaBuilder.Of("object") : typeof(TNode) == typeof(JsonArray) ? SchemaBuilder.Of("array") : [];

    private readonly ObjectValueConverter _values;

    public JsonNodeConverter(ObjectValueConverter values) => _values = values;

    public override void WriteJson(ref JsonWriter writer, TNode? value)
    {
        if (value is null)
        {
            writer.WriteNull();
            return;
        }

        using var document = JsonDocumentValues.ToDocument(value);
        JsonDocumentValues.WriteJson(ref writer, document.RootElement);
    }

    public override TNode? ReadJson(ref JsonReader reader)
    {
        if (reader.TryReadNull())
        {
            return null;
        }

        using var document = JsonDocumentValues.ParseJson(ref reader);
        return ToNode(document.RootElement) ?? throw reader.Error($"Expected a {typeof(TNode).Name}.");
    }

    public override void WriteMessagePack(ref MessagePackWriter writer, TNode? value)
    {
        if (value is null)
        {
            writer.WriteNil();
            return;
        }

        using var document = JsonDocumentValues.ToDocument(value);
        JsonDocumentValues.WriteMessagePack(ref writer, document.RootElement);
    }

    public override TNode? ReadMessagePack(ref MessagePackReader reader)
    {
        if (reader.TryReadNil())
        {
            return null;
        }

        using var document = JsonDocumentValues.ParseMessagePack(ref reader, _values);
        return ToNode(document.RootElement) ?? throw reader.Error($"Expected a {typeof(TNode).Name}.");
    }

    private static TNode? ToNode(JsonElement element)
    {
        JsonNode? node = element.ValueKind switch
        {
            JsonValueKind.Object => JsonObject.Create(element.Clone()),
            JsonValueKind.Array => JsonArray.Create(element.Clone()),
            _ => JsonValue.Create(element.Clone()),
        };
        return node as TNode;
    }
}
