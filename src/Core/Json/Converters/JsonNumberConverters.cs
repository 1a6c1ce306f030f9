using System.Buffers;
using System.Numerics;
using System.Text.Json.Nodes;
using System.Text.Json.Serialization;
using FastFormatters.Serialization;
using FastFormatters.Serialization.Values;

namespace FastFormatters.Json.Converters;

/// <summary>Integers are JSON numbers without fraction or exponent. A value out of range is an error, never wrapped.</summary>
internal sealed class JsonIntegerConverter<T> : JsonNumberConverter<T>
    where T : struct, IBinaryInteger<T>, IMinMaxValue<T>, IUtf8SpanFormattable
{
    internal override JsonObject DescribeSchema(SchemaBuilder schema) => IntegerSchema.Of<T>();

    private static readonly string s_expected = $"Expected an integer that fits in {typeof(T).Name}.";

    public override void Write(ref FastJsonWriter writer, T value) => writer.WriteNumberCore(value);

    public override T Read(ref FastJsonReader reader)
        => reader.TryReadPlainInteger(out T value) || JsonNumberText.TryParse(reader.ReadNumberSpan(), out value)
            ? value
            : throw reader.Error(s_expected);

    public override bool TryParseQuoted(ReadOnlySpan<byte> text, out T value) => JsonNumberText.TryParse(text, out value);
}

/// <summary>Decimals are JSON numbers written with their scale (1.50 stays 1.50).</summary>
internal sealed class JsonDecimalConverter : JsonNumberConverter<decimal>
{
    internal override JsonObject DescribeSchema(SchemaBuilder schema) => SchemaBuilder.Of("number", "decimal");

    public override void Write(ref FastJsonWriter writer, decimal value) => writer.WriteNumber(value);

    public override decimal Read(ref FastJsonReader reader)
        => reader.TryReadPlainDecimal(out decimal value) || JsonNumberText.TryParse(reader.ReadNumberSpan(), out value)
            ? value
            : throw reader.Error("Expected a number that fits in Decimal.");

    public override bool TryParseQuoted(ReadOnlySpan<byte> text, out decimal value) => JsonNumberText.TryParse(text, out value);
}

/// <summary>
/// Floating-point numbers, in shortest round-trip form. JSON has no NaN or infinities, so they are the strings "NaN",
/// "Infinity" and "-Infinity", never bare tokens; both forms are read. A number too large for the type is an error, not
/// an infinity.
/// </summary>
internal sealed class JsonFloatingPointConverter<T> : JsonNumberConverter<T>
    where T : struct, IFloatingPointIeee754<T>, IUtf8SpanFormattable
{
    internal override JsonObject DescribeSchema(SchemaBuilder schema) => FloatingPointSchema.Of<T>();

    private static readonly string s_expected = FloatingPointSchema.Expected<T>();

    public override void Write(ref FastJsonWriter writer, T value)
    {
        if (T.IsFinite(value))
        {
            writer.WriteNumberCore(value);
        }
        else
        {
            writer.WriteAsciiString(NumberText.NonFinite(value));
        }
    }

    public override T Read(ref FastJsonReader reader)
    {
        if (reader.Peek() == JsonTokenKind.String)
        {
            return NumberText.TryParseNonFinite(reader.ReadStringValue(), out T special) ? special : throw reader.Error(s_expected);
        }

        return JsonNumberText.TryParse(reader.ReadNumberSpan(), out T value) && T.IsFinite(value)
            ? value
            : throw reader.Error(s_expected);
    }

    // The constants exactly as System.Text.Json spells them; its parser would also take "nan" and "INFINITY", and
    // then refuse them for not being finite.
    public override bool TryParseQuoted(ReadOnlySpan<byte> text, out T value)
        => NumberText.TryParseNonFinite(text, out value) || JsonNumberText.TryParse(text, out value) && T.IsFinite(value);
}

/// <summary>
/// A number under System.Text.Json's <see cref="JsonNumberHandling"/>: read from a JSON string as well as a number
/// (<see cref="JsonNumberHandling.AllowReadingFromString"/>, on in ASP.NET Core's web defaults), written as a string
/// (<see cref="JsonNumberHandling.WriteAsString"/>). The string's content is read by the number's own converter, so
/// the same values are accepted either way.
/// </summary>
internal sealed class JsonNumberHandlingConverter<T> : JsonValueConverter<T>
{
    /// <remarks>Numbers written as strings are strings of digits.</remarks>
    internal override JsonObject DescribeSchema(SchemaBuilder schema)
    {
        var number = _number.DescribeSchema(schema);
        if (!_writesStrings)
        {
            return number;
        }

        number["type"] = new JsonArray(number["type"]!.GetValue<string>() is var kind && kind == "integer" ? "integer" : "number", "string");
        number["pattern"] = "^-?(?:[0-9]+(?:\\.[0-9]+)?(?:[eE][+-]?[0-9]+)?|NaN|Infinity)$";
        return number;
    }

    // The few bytes of one number, written before they are quoted; one buffer per thread, reused.
    [ThreadStatic]
    private static ArrayBufferWriter<byte>? t_digits;

    private readonly JsonNumberConverter<T> _number;
    private readonly bool _readsStrings;
    private readonly bool _writesStrings;

    public JsonNumberHandlingConverter(JsonNumberConverter<T> number, JsonNumberHandling handling)
    {
        _number = number;
        _readsStrings = handling.HasFlag(JsonNumberHandling.AllowReadingFromString);
        _writesStrings = handling.HasFlag(JsonNumberHandling.WriteAsString);
    }

    public override void Write(ref FastJsonWriter writer, T value)
    {
        if (!_writesStrings)
        {
            _number.Write(ref writer, value);
            return;
        }

        var digits = t_digits ??= new ArrayBufferWriter<byte>(64);
        digits.ResetWrittenCount();
        var inner = new FastJsonWriter(digits, maxDepth: 1);
        _number.Write(ref inner, value);
        inner.Flush();

        // Non-finite floating-point values are already strings ("NaN"); anything else is a number's ASCII text.
        var written = digits.WrittenSpan;
        if (written.Length > 0 && written[0] == (byte)'"')
        {
            writer.WriteRawValue(written);
        }
        else
        {
            writer.WriteAsciiString(written);
        }
    }

    public override T Read(ref FastJsonReader reader)
    {
        if (!_readsStrings || reader.Peek() != JsonTokenKind.String)
        {
            return _number.Read(ref reader);
        }

        // The string's content is parsed as System.Text.Json parses it, which is not the JSON number grammar: "007",
        // "+1" and ".5" are numbers there.
        return _number.TryParseQuoted(reader.ReadStringValue(), out T value)
            ? value
            : throw reader.Error($"The string does not hold a {typeof(T).Name}.");
    }
}
