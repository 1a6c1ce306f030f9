using System.Buffers;
using System.Globalization;
using System.Numerics;
using System.Text.Json.Nodes;
using System.Text.Json.Serialization;
using FastFormatters.Serialization;
using FastFormatters.Serialization.Values;

namespace FastFormatters.Json.Converters;

/// <summary>Integers are JSON numbers without fraction or exponent. A value out of range is an error, never wrapped.</summary>
internal sealed class JsonIntegerConverter<T> : JsonValueConverter<T>
    where T : struct, IBinaryInteger<T>, IMinMaxValue<T>, IUtf8SpanFormattable
{
    internal override JsonObject DescribeSchema(SchemaBuilder schema) => IntegerSchema.Of<T>();

    private static readonly string s_expected = $"Expected an integer that fits in {typeof(T).Name}.";

    public override void Write(ref FastJsonWriter writer, T value) => writer.WriteNumber(value);

    public override T Read(ref FastJsonReader reader)
        => NumberText.TryParseInteger(reader.ReadNumberSpan(), out T value) ? value : throw reader.Error(s_expected);
}

/// <summary>Decimals are JSON numbers written with their scale (1.50 stays 1.50).</summary>
internal sealed class JsonDecimalConverter : JsonValueConverter<decimal>
{
    internal override JsonObject DescribeSchema(SchemaBuilder schema) => SchemaBuilder.Of("number", "decimal");

    public override void Write(ref FastJsonWriter writer, decimal value) => writer.WriteNumber(value);

    public override decimal Read(ref FastJsonReader reader)
        => NumberText.TryParseDecimal(reader.ReadNumberSpan(), out var value) ? value : throw reader.Error("Expected a number that fits in Decimal.");
}

/// <summary>
/// Floating-point numbers, in shortest round-trip form. JSON has no NaN or infinities, so they are the strings "NaN",
/// "Infinity" and "-Infinity", never bare tokens; both forms are read. A number too large for the type is an error, not
/// an infinity.
/// </summary>
internal sealed class JsonFloatingPointConverter<T> : JsonValueConverter<T>
    where T : struct, IFloatingPointIeee754<T>, IUtf8SpanFormattable
{
    internal override JsonObject DescribeSchema(SchemaBuilder schema) => FloatingPointSchema.Of<T>();

    private static readonly string s_expected = FloatingPointSchema.Expected<T>();

    public override void Write(ref FastJsonWriter writer, T value)
    {
        if (T.IsFinite(value))
        {
            writer.WriteNumber(value);
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

        var number = reader.ReadNumberSpan();
        return T.TryParse(number, NumberStyles.Float, CultureInfo.InvariantCulture, out var value) && T.IsFinite(value)
            ? value
            : throw reader.Error(s_expected);
    }
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

    private readonly JsonValueConverter<T> _number;
    private readonly bool _readsStrings;
    private readonly bool _writesStrings;

    public JsonNumberHandlingConverter(JsonValueConverter<T> number, JsonNumberHandling handling)
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

        // The string holds a number and nothing else: the JSON grammar's white space around it is refused, as
        // System.Text.Json refuses it.
        var text = reader.ReadStringValue();
        if (text.IsEmpty || IsJsonWhiteSpace(text[0]) || IsJsonWhiteSpace(text[^1]))
        {
            throw reader.Error($"The string does not hold a {typeof(T).Name}: it is empty or has white space around the number.");
        }

        var inner = new FastJsonReader(text, maxDepth: 1);
        try
        {
            var value = _number.Read(ref inner);
            inner.EnsureEndOfInput();
            return value;
        }
        catch (FormatReadException ex)
        {
            throw reader.Error($"The string does not hold a {typeof(T).Name}: {ex.Message}");
        }
        finally
        {
            inner.Dispose();
        }
    }

    private static bool IsJsonWhiteSpace(byte b) => b is (byte)' ' or (byte)'\t' or (byte)'\n' or (byte)'\r';
}
