using System.Globalization;
using FastFormatters.Serialization;
using FastFormatters.Serialization.Composites;

namespace FastFormatters.Json.Converters;

/// <summary>
/// Values declared as <see cref="object"/>. Written by their runtime type, and objects read, as in every format
/// (<see cref="ObjectValues{TCodec, TWriter, TReader}"/>). Read into plain .NET values: objects become
/// <c>Dictionary&lt;string, object?&gt;</c> (member order kept), arrays <c>List&lt;object?&gt;</c>, integers
/// <see cref="long"/> (or <see cref="ulong"/>, then <see cref="decimal"/>, when larger) and other numbers
/// <see cref="double"/>; strings, booleans and null as themselves. Such a tree writes back as the same document. No type
/// is ever chosen by the payload.
/// </summary>
internal sealed class JsonObjectValueConverter : JsonValueConverter<object?>
{
    private readonly ConverterResolver _resolver;

    public JsonObjectValueConverter(ConverterResolver resolver) => _resolver = resolver;

    public override void Write(ref FastJsonWriter writer, object? value)
        => ObjectValues<JsonCodec, FastJsonWriter, FastJsonReader>.Write(ref writer, _resolver, value);

    public override object? Read(ref FastJsonReader reader)
    {
        switch (reader.Peek())
        {
            case JsonTokenKind.BeginObject:
                return ObjectValues<JsonCodec, FastJsonWriter, FastJsonReader>.ReadMap(ref reader, this);
            case JsonTokenKind.BeginArray:
                return Sequences<JsonCodec, FastJsonWriter, FastJsonReader>.ReadList(ref reader, this);
            case JsonTokenKind.String:
                return reader.ReadNonNullString();
            case JsonTokenKind.Number:
                return ReadNumber(ref reader);
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

    private static object ReadNumber(ref FastJsonReader reader)
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
