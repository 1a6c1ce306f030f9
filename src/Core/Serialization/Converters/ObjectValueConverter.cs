using System.Globalization;
using System.Text;
using FastFormatters.Json;
using FastFormatters.MessagePack;

namespace FastFormatters.Serialization.Converters;

/// <summary>
/// Values declared as <see cref="object"/>. Written by their runtime type. Read into plain .NET values: objects and
/// maps become <c>Dictionary&lt;string, object?&gt;</c> (member order kept), arrays <c>List&lt;object?&gt;</c>; JSON
/// integers <see cref="long"/> (or <see cref="ulong"/>, then <see cref="decimal"/>, when larger) and other numbers
/// <see cref="double"/>; MessagePack numbers the type their encoding names (as MessagePack-CSharp reads them, so
/// <c>d2</c> is an <see cref="int"/>), binary <c>byte[]</c> and timestamps <see cref="DateTime"/>; strings, booleans
/// and null as themselves. Such a tree writes back as the same document in any format. No type is ever chosen by the
/// payload: other MessagePack extensions (typeless type names among them) are refused.
/// </summary>
internal sealed class ObjectValueConverter : ValueConverter<object?>
{
    private readonly ConverterResolver _resolver;

    public ObjectValueConverter(ConverterResolver resolver) => _resolver = resolver;

    public override void WriteJson(ref JsonWriter writer, object? value)
    {
        if (value is null)
        {
            writer.WriteNull();
            return;
        }

        var type = value.GetType();
        if (type == typeof(object))
        {
            writer.WriteBeginObject();
            writer.WriteEndObject();
            return;
        }

        _resolver.GetConverter(type).WriteJsonBoxed(ref writer, value);
    }

    public override object? ReadJson(ref JsonReader reader)
    {
        switch (reader.Peek())
        {
            case JsonTokenKind.BeginObject:
                return ReadJsonObject(ref reader);
            case JsonTokenKind.BeginArray:
                return JsonArrays.ReadList(ref reader, this);
            case JsonTokenKind.String:
                return reader.ReadNonNullString();
            case JsonTokenKind.Number:
                return ReadJsonNumber(ref reader);
            case JsonTokenKind.True:
            case JsonTokenKind.False:
                return reader.ReadBoolean();
            case JsonTokenKind.Null:
                reader.TryReadNull();
                return null;
            default:
                throw reader.UnexpectedToken("a value");
        }
    }

    public override void WriteMessagePack(ref MessagePackWriter writer, object? value)
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

        _resolver.GetConverter(type).WriteMessagePackBoxed(ref writer, value);
    }

    public override object? ReadMessagePack(ref MessagePackReader reader)
    {
        switch (reader.PeekType())
        {
            case MessagePackType.Map:
                return ReadMessagePackMap(ref reader);
            case MessagePackType.Array:
                return MessagePackArrays.ReadList(ref reader, this);
            case MessagePackType.String:
                return reader.ReadNonNullString();
            case MessagePackType.Integer:
            case MessagePackType.Float:
                // Typed by the encoding, as MessagePack-CSharp types them: a round trip keeps each width.
                return reader.ReadNumberBoxed();
            case MessagePackType.Boolean:
                return reader.ReadBoolean();
            case MessagePackType.Nil:
                reader.TryReadNil();
                return null;
            case MessagePackType.Binary:
                return reader.ReadBinary().ToArray();
            case MessagePackType.Extension:
                return MessagePackTimestamp.TryRead(ref reader, out var timestamp) ? timestamp : null;
            default:
                throw reader.Unexpected("a value");
        }
    }

    private Dictionary<string, object?> ReadJsonObject(ref JsonReader reader)
    {
        int claimed = reader.ReadBeginObject();
        var result = new Dictionary<string, object?>(reader.PresizeFor(claimed));
        int count = 0;
        string? key = null;
        try
        {
            while (reader.ReadIsInObject(ref count))
            {
                key = Encoding.UTF8.GetString(reader.ReadPropertyName());
                if (reader.RejectsDuplicateKeys && result.ContainsKey(key))
                {
                    throw reader.Error(SeenKeys.DuplicateMessage(key));
                }

                result[key] = ReadJson(ref reader);
                key = null;
            }
        }
        catch (FormatReadException ex) when (key is not null && ex.AddPathSegment("." + key))
        {
            throw;
        }

        reader.VerifyCount(claimed, count);
        return result;
    }

    private Dictionary<string, object?> ReadMessagePackMap(ref MessagePackReader reader)
    {
        int count = reader.ReadMapHeader();
        var result = new Dictionary<string, object?>(reader.PresizeFor(count));
        string? key = null;
        try
        {
            for (int i = 0; i < count; i++)
            {
                // Keys are text, as in JSON; integer keys from other writers become their decimal text.
                key = reader.PeekType() == MessagePackType.Integer
                    ? reader.ReadInteger().ToString(CultureInfo.InvariantCulture)
                    : reader.ReadNonNullString();
                if (reader.RejectsDuplicateKeys && result.ContainsKey(key))
                {
                    throw reader.Error(SeenKeys.DuplicateMessage(key));
                }

                result[key] = ReadMessagePack(ref reader);
                key = null;
            }
        }
        catch (FormatReadException ex) when (key is not null && ex.AddPathSegment("." + key))
        {
            throw;
        }

        reader.EndContainer();
        return result;
    }

    private static object ReadJsonNumber(ref JsonReader reader)
    {
        var number = reader.ReadNumberSpan();
        if (number.IndexOfAny(".eE"u8) < 0)
        {
            if (long.TryParse(number, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out long integer))
            {
                return integer;
            }

            if (ulong.TryParse(number, NumberStyles.None, CultureInfo.InvariantCulture, out ulong large))
            {
                return large;
            }

            if (decimal.TryParse(number, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out decimal huge))
            {
                return huge;
            }
        }

        if (double.TryParse(number, NumberStyles.Float, CultureInfo.InvariantCulture, out double real) && double.IsFinite(real))
        {
            return real;
        }

        throw reader.Error("The number is too large to represent.");
    }
}
