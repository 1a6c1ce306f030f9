using System.Buffers;
using System.Text.Json;
using System.Text.Json.Nodes;
using FastFormatters.Buffers;
using FastFormatters.Serialization;
using FastFormatters.Serialization.Values;

namespace FastFormatters.MessagePack.Converters;

/// <summary>
/// System.Text.Json's document trees in MessagePack: objects become maps, arrays arrays, numbers integers when they are
/// whole and fit 64 bits (else float64), strings, booleans and null themselves; read back into a document of the same
/// shape (dates and binary become strings, as JSON has them).
/// </summary>
internal static class MessagePackDocuments
{
    public static void Write(ref FastMessagePackWriter writer, JsonElement element)
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
                    Write(ref writer, property.Value);
                }

                writer.WriteEndContainer();
                break;
            }

            case JsonValueKind.Array:
                writer.WriteArrayHeader(element.GetArrayLength());
                foreach (var item in element.EnumerateArray())
                {
                    Write(ref writer, item);
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

    /// <summary>Reads the next value as plain values (<paramref name="values"/>), then as a JSON document.</summary>
    public static JsonDocument Parse(ref FastMessagePackReader reader, MessagePackObjectValueConverter values)
    {
        var tree = values.Read(ref reader);
        using var json = new PooledBufferWriter(1024);
        using (var writer = new Utf8JsonWriter(json, new JsonWriterOptions { MaxDepth = FastSerializerOptions.MaxDepthLimit + 1, SkipValidation = true }))
        {
            WriteTree(writer, tree);
        }

        return JsonDocument.Parse(json.ToArray(), JsonDocuments.ParseOptions);
    }

    // The plain values MessagePackObjectValueConverter reads, as JSON: binary as base64 text, timestamps as ISO 8601 text,
    // non-finite floats as the strings JSON uses for them.
    private static void WriteTree(Utf8JsonWriter writer, object? value)
    {
        switch (value)
        {
            case null:
                writer.WriteNullValue();
                break;
            case Dictionary<string, object?> map:
                writer.WriteStartObject();
                foreach (var (key, item) in map)
                {
                    writer.WritePropertyName(key);
                    WriteTree(writer, item);
                }

                writer.WriteEndObject();
                break;
            case List<object?> array:
                writer.WriteStartArray();
                foreach (var item in array)
                {
                    WriteTree(writer, item);
                }

                writer.WriteEndArray();
                break;
            case string text:
                writer.WriteStringValue(text);
                break;
            case bool boolean:
                writer.WriteBooleanValue(boolean);
                break;
            case byte[] bytes:
                writer.WriteBase64StringValue(bytes);
                break;
            case DateTime date:
                writer.WriteStringValue(date);
                break;
            case double real when !double.IsFinite(real):
                writer.WriteStringValue(NumberText.NonFinite(real));
                break;
            case double real:
                writer.WriteNumberValue(real);
                break;
            case float single when !float.IsFinite(single):
                writer.WriteStringValue(NumberText.NonFinite(single));
                break;
            case float single:
                writer.WriteNumberValue(single);
                break;
            case ulong large:
                writer.WriteNumberValue(large);
                break;
            default:
                writer.WriteNumberValue(Convert.ToInt64(value, System.Globalization.CultureInfo.InvariantCulture));
                break;
        }
    }
}

/// <summary>A <see cref="JsonElement"/>: see <see cref="MessagePackDocuments"/>.</summary>
internal sealed class MessagePackElementConverter : MessagePackValueConverter<JsonElement>
{
    private readonly MessagePackObjectValueConverter _values;

    public MessagePackElementConverter(MessagePackObjectValueConverter values) => _values = values;

    public override void Write(ref FastMessagePackWriter writer, JsonElement value) => MessagePackDocuments.Write(ref writer, value);

    public override JsonElement Read(ref FastMessagePackReader reader)
    {
        using var document = MessagePackDocuments.Parse(ref reader, _values);
        return document.RootElement.Clone();
    }
}

/// <summary>A <see cref="JsonDocument"/>, nil as null: see <see cref="MessagePackDocuments"/>.</summary>
internal sealed class MessagePackDocumentConverter : MessagePackValueConverter<JsonDocument?>
{
    private readonly MessagePackObjectValueConverter _values;

    public MessagePackDocumentConverter(MessagePackObjectValueConverter values) => _values = values;

    public override void Write(ref FastMessagePackWriter writer, JsonDocument? value)
    {
        if (value is null)
        {
            writer.WriteNil();
            return;
        }

        MessagePackDocuments.Write(ref writer, value.RootElement);
    }

    public override JsonDocument? Read(ref FastMessagePackReader reader) => reader.TryReadNil() ? null : MessagePackDocuments.Parse(ref reader, _values);
}

/// <summary>
/// A <see cref="JsonNode"/> or one of its kinds; a value of another kind than the declared one is an error.
/// </summary>
internal sealed class MessagePackNodeConverter<TNode> : MessagePackValueConverter<TNode?>
    where TNode : JsonNode
{
    private readonly MessagePackObjectValueConverter _values;

    public MessagePackNodeConverter(MessagePackObjectValueConverter values) => _values = values;

    internal override JsonObject DescribeSchema(SchemaBuilder schema) => JsonDocuments.DescribeNode<TNode>();

    public override void Write(ref FastMessagePackWriter writer, TNode? value)
    {
        if (value is null)
        {
            writer.WriteNil();
            return;
        }

        using var document = JsonDocuments.ToDocument(value);
        MessagePackDocuments.Write(ref writer, document.RootElement);
    }

    public override TNode? Read(ref FastMessagePackReader reader)
    {
        if (reader.TryReadNil())
        {
            return null;
        }

        using var document = MessagePackDocuments.Parse(ref reader, _values);
        return JsonDocuments.ToNode<TNode>(document.RootElement) ?? throw reader.Error($"Expected a {typeof(TNode).Name}.");
    }
}
