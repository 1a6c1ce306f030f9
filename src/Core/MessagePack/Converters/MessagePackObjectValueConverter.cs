using FastFormatters.Serialization;
using FastFormatters.Serialization.Composites;

namespace FastFormatters.MessagePack.Converters;

/// <summary>
/// Values declared as <see cref="object"/>. Written by their runtime type, and maps read, as in every format
/// (<see cref="ObjectValues{TCodec, TWriter, TReader}"/>). Read into plain .NET values: maps become
/// <c>Dictionary&lt;string, object?&gt;</c> (order kept; integer keys as their text), arrays <c>List&lt;object?&gt;</c>,
/// numbers the type their encoding names (as MessagePack-CSharp reads them, so <c>d2</c> is an <see cref="int"/>),
/// binary <c>byte[]</c> and timestamps <see cref="DateTime"/>; strings, booleans and nil as themselves. No type is ever
/// chosen by the payload: other extensions (typeless type names among them) are refused.
/// </summary>
internal sealed class MessagePackObjectValueConverter : MessagePackValueConverter<object?>
{
    private readonly ConverterResolver _resolver;

    public MessagePackObjectValueConverter(ConverterResolver resolver) => _resolver = resolver;

    public override void Write(ref FastMessagePackWriter writer, object? value)
        => ObjectValues<MessagePackCodec, FastMessagePackWriter, FastMessagePackReader>.Write(ref writer, _resolver, value);

    public override object? Read(ref FastMessagePackReader reader)
    {
        switch (reader.PeekKind())
        {
            case MessagePackValueKind.Map:
                return ObjectValues<MessagePackCodec, FastMessagePackWriter, FastMessagePackReader>.ReadMap(ref reader, this);
            case MessagePackValueKind.Array:
                return Sequences<MessagePackCodec, FastMessagePackWriter, FastMessagePackReader>.ReadList(ref reader, this);
            case MessagePackValueKind.String:
                return reader.ReadNonNullString();
            case MessagePackValueKind.Integer:
            case MessagePackValueKind.Float:
                // Typed by the encoding, as MessagePack-CSharp types them: a round trip keeps each width.
                return reader.ReadNumberBoxed();
            case MessagePackValueKind.Boolean:
                return reader.ReadBoolean();
            case MessagePackValueKind.Nil:
                reader.TryReadNil();
                return null;
            case MessagePackValueKind.Binary:
                return reader.ReadBinary().ToArray();
            case MessagePackValueKind.Extension:
                return MessagePackTimestamp.TryRead(ref reader, out var timestamp) ? timestamp : null;
            default:
                throw reader.Unexpected("a value");
        }
    }
}
