using System.Buffers;
using System.Text.Json;
using FastFormatters.Buffers;
using FastFormatters.Serialization.Composites;
using FastFormatters.Serialization.Values;

namespace FastFormatters.MessagePack.Converters;

/// <summary>
/// System.Text.Json's document trees read from MessagePack (written by <see cref="Documents{TCodec, TWriter, TReader}"/>):
/// the value is read as plain values, then into a document of the same shape (dates and binary become strings, as JSON
/// has them).
/// </summary>
internal static class MessagePackDocuments
{
    /// <summary>Reads the next value as plain values (<paramref name="values"/>), then as a JSON document.</summary>
    public static JsonDocument Parse(ref FastMessagePackReader reader, MessagePackValueConverter<object?> values)
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
