using System.Text.Json;
using System.Text.Json.Nodes;
using FastFormatters.Serialization;
using FastFormatters.Serialization.Composites;
using FastFormatters.Serialization.Values;

namespace FastFormatters.MessagePack.Converters;

/// <summary>
/// A type the app's System.Text.Json contract (with <see cref="MessagePackContract.SameAsJson"/>) defines in ways these
/// converters cannot reproduce: System.Text.Json writes and reads it, through a document whose tree is written as
/// MessagePack (see <see cref="Documents{TCodec, TWriter, TReader}"/>, <see cref="MessagePackDocuments"/>). Bad input
/// is a <see cref="FormatReadException"/>.
/// </summary>
internal sealed class MessagePackSystemTextJsonConverter<T> : MessagePackValueConverter<T>
{
    private readonly SystemTextJsonValues<T> _values;
    private readonly MessagePackObjectValueConverter _objects;

    public MessagePackSystemTextJsonConverter(JsonSerializerOptions options, MessagePackObjectValueConverter objects)
    {
        _values = new(options);
        _objects = objects;
    }

    internal override JsonObject DescribeSchema(SchemaBuilder schema) => _values.DescribeSchema();

    /// <summary>A polymorphic type is written as declared, so System.Text.Json puts its discriminator on the wire.</summary>
    internal override bool IsPolymorphic => _values.IsPolymorphic;

    public override void Write(ref FastMessagePackWriter writer, T value)
    {
        using var document = _values.ToDocument(value);
        Documents<MessagePackCodec, FastMessagePackWriter, FastMessagePackReader>.Write(ref writer, document.RootElement);
    }

    public override T Read(ref FastMessagePackReader reader)
    {
        int start = reader.Position;
        using var document = MessagePackDocuments.Parse(ref reader, _objects);
        try
        {
            return document.RootElement.Deserialize(_values.TypeInfo)!;
        }
        catch (JsonException ex)
        {
            throw SystemTextJsonValues<T>.WithPath(new FormatReadException(FastMessagePackReader.FormatName, ex.Message, start, ex), ex);
        }
        catch (NotSupportedException ex) when (_values.IsBadPolymorphicPayload(ex))
        {
            throw new FormatReadException(FastMessagePackReader.FormatName, SystemTextJsonValues<T>.WithoutLocation(ex.Message), start, ex);
        }
    }
}
