using System.Text.Json;
using System.Text.Json.Nodes;
using FastFormatters.Serialization;
using FastFormatters.Serialization.Values;

namespace FastFormatters.Json.Converters;

/// <summary>Writes a <see cref="JsonElement"/>'s tree as JSON (and JMC1, with its length comments).</summary>
internal static class JsonElementWriter
{
    public static void Write(ref FastJsonWriter writer, JsonElement element)
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
                foreach (var property in element.EnumerateObject())
                {
                    writer.WritePropertyName(property.Name);
                    Write(ref writer, property.Value);
                }

                writer.WriteEndObject();
                break;
            }

            case JsonValueKind.Array:
            {
                writer.WriteBeginArray(element.GetArrayLength());
                foreach (var item in element.EnumerateArray())
                {
                    Write(ref writer, item);
                }

                writer.WriteEndArray();
                break;
            }

            case JsonValueKind.String:
                writer.WriteString(element.GetString());
                break;
            case JsonValueKind.Number:
                // The number's own text: no precision is lost in either direction.
                writer.WriteRawValue(System.Runtime.InteropServices.JsonMarshal.GetRawUtf8Value(element));
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

    /// <summary>Parses the next JSON (or JMC1) value into a document of its own.</summary>
    public static JsonDocument Parse(ref FastJsonReader reader) => JsonDocument.Parse(reader.ReadRawValue().ToArray(), JsonDocuments.ParseOptions);
}

/// <summary>A <see cref="JsonElement"/>: the document itself.</summary>
internal sealed class JsonElementConverter : JsonValueConverter<JsonElement>
{
    public override void Write(ref FastJsonWriter writer, JsonElement value) => JsonElementWriter.Write(ref writer, value);

    public override JsonElement Read(ref FastJsonReader reader)
    {
        using var document = JsonElementWriter.Parse(ref reader);
        return document.RootElement.Clone();
    }
}

/// <summary>A <see cref="JsonDocument"/>, null as null.</summary>
internal sealed class JsonDocumentConverter : JsonValueConverter<JsonDocument?>
{
    public override void Write(ref FastJsonWriter writer, JsonDocument? value)
    {
        if (value is null)
        {
            writer.WriteNull();
            return;
        }

        JsonElementWriter.Write(ref writer, value.RootElement);
    }

    public override JsonDocument? Read(ref FastJsonReader reader) => reader.TryReadNull() ? null : JsonElementWriter.Parse(ref reader);
}

/// <summary>
/// A <see cref="JsonNode"/> or one of its kinds (<see cref="JsonObject"/>, <see cref="JsonArray"/>,
/// <see cref="JsonValue"/>); a value of another kind than the declared one is an error. JSON null is a null node, as
/// System.Text.Json reads it.
/// </summary>
internal sealed class JsonNodeConverter<TNode> : JsonValueConverter<TNode?>
    where TNode : JsonNode
{
    internal override JsonObject DescribeSchema(SchemaBuilder schema) => JsonDocuments.DescribeNode<TNode>();

    public override void Write(ref FastJsonWriter writer, TNode? value)
    {
        if (value is null)
        {
            writer.WriteNull();
            return;
        }

        using var document = JsonDocuments.ToDocument(value);
        JsonElementWriter.Write(ref writer, document.RootElement);
    }

    public override TNode? Read(ref FastJsonReader reader)
    {
        if (reader.TryReadNull())
        {
            return null;
        }

        using var document = JsonElementWriter.Parse(ref reader);
        return JsonDocuments.ToNode<TNode>(document.RootElement) ?? throw reader.Error($"Expected a {typeof(TNode).Name}.");
    }
}
