using System.Text.Json;
using System.Text.Json.Nodes;
using System.Text.Json.Serialization.Metadata;
using FastFormatters.Serialization;
using FastFormatters.Serialization.Composites;
using FastFormatters.Serialization.Values;

namespace FastFormatters.Json.Converters;

/// <summary>
/// A type the app's System.Text.Json contract defines in ways these converters cannot reproduce (a custom converter, a
/// contract modifier, polymorphism, ...): System.Text.Json writes and reads it, with the app's options. JSON goes
/// straight into the same output; JMC1 takes it through a document, so its length comments stay right. Bad input is a
/// <see cref="FormatReadException"/>.
/// </summary>
internal sealed class JsonSystemTextJsonConverter<T> : JsonValueConverter<T>
{
    private readonly SystemTextJsonValues<T> _values;

    public JsonSystemTextJsonConverter(JsonSerializerOptions options) => _values = new(options);

    internal override JsonObject DescribeSchema(SchemaBuilder schema) => _values.DescribeSchema();

    /// <summary>A polymorphic type is written as declared, so System.Text.Json puts its discriminator on the wire.</summary>
    internal override bool IsPolymorphic => _values.IsPolymorphic;

    public override void Write(ref FastJsonWriter writer, T value)
    {
        if (!writer.IsJmc)
        {
            using (var json = new Utf8JsonWriter(writer.BeginExternalValue(), _values.WriterOptions))
            {
                JsonSerializer.Serialize(json, value, _values.TypeInfo);
            }

            writer.EndExternalValue();
            return;
        }

        using var document = _values.ToDocument(value);
        Documents<JsonCodec, FastJsonWriter, FastJsonReader>.Write(ref writer, document.RootElement);
    }

    public override T Read(ref FastJsonReader reader)
    {
        int start = reader.Position;
        var json = reader.ReadRawValue();
        try
        {
            return JsonSerializer.Deserialize(json, reader.IsJmc ? _values.CommentedTypeInfo : _values.TypeInfo)!;
        }
        catch (JsonException ex)
        {
            throw SystemTextJsonValues<T>.WithPath(new FormatReadException(reader.FormatName, ex.Message, start + (ex.BytePositionInLine ?? 0), ex), ex);
        }
        catch (NotSupportedException ex) when (_values.IsBadPolymorphicPayload(ex))
        {
            throw new FormatReadException(reader.FormatName, SystemTextJsonValues<T>.WithoutLocation(ex.Message), start, ex);
        }
    }
}
