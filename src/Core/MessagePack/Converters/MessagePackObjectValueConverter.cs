using System.Globalization;
using FastFormatters.Serialization;
using FastFormatters.Serialization.Composites;
using FastFormatters.Serialization.Objects;

namespace FastFormatters.MessagePack.Converters;

/// <summary>
/// Values declared as <see cref="object"/>. Written by their runtime type. Read into plain .NET values: maps become
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
    {
        if (value is null)
        {
            writer.WriteNil();
            return;
        }

        var type = value.GetType();
        if (type == typeof(object))
        {
            writer.WriteMapHeader(0);
            writer.WriteEndContainer();
            return;
        }

        // MessagePack-CSharp writes integers (and enums) held in object at their type's fixed width and reads them back
        // boxed as that type: a compact form would reach its clients as a byte where they expect an int.
        if (type.IsEnum)
        {
            type = Enum.GetUnderlyingType(type);
            value = Convert.ChangeType(value, type, CultureInfo.InvariantCulture);
        }

        if (type.IsPrimitive && type != typeof(bool) && type != typeof(char) && type != typeof(float) && type != typeof(double)
            && type != typeof(IntPtr) && type != typeof(UIntPtr))
        {
            writer.WriteFixedWidthInteger(value);
            return;
        }

        ((IMessagePackValueConverter)_resolver.GetConverter(type)).WriteBoxed(ref writer, value);
    }

    public override object? Read(ref FastMessagePackReader reader)
    {
        switch (reader.PeekKind())
        {
            case MessagePackValueKind.Map:
                return ReadMap(ref reader);
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

    private Dictionary<string, object?> ReadMap(ref FastMessagePackReader reader)
    {
        int count = reader.ReadMapHeader();
        var result = new Dictionary<string, object?>(reader.PresizeFor(count));
        string? key = null;
        try
        {
            for (int i = 0; i < count; i++)
            {
                // Keys are text, as in JSON; integer keys from other writers become their decimal text.
                key = reader.PeekKind() == MessagePackValueKind.Integer
                    ? reader.ReadInteger().ToString(CultureInfo.InvariantCulture)
                    : reader.ReadNonNullString();
                if (reader.RejectsDuplicateKeys && result.ContainsKey(key))
                {
                    throw reader.Error(SeenKeys.DuplicateMessage(key));
                }

                result[key] = Read(ref reader);
                key = null;
            }
        }
        catch (FormatReadException ex) when (key is not null && ex.AddPropertySegment($"{key}"))
        {
            throw;
        }

        reader.EndContainer();
        return result;
    }
}
