using System.Text.Json.Nodes;
using System.Globalization;
using System.Numerics;
using FastFormatters.Json;
using FastFormatters.MessagePack;

namespace FastFormatters.Serialization.Converters;

/// <summary>
/// Integers are JSON numbers without fraction or exponent, and MessagePack integers in their smallest encoding (a
/// 128-bit value beyond 64 bits is a decimal string there). A value out of range is an error, never wrapped.
/// </summary>
internal sealed class IntegerConverter<T> : ValueConverter<T>
    where T : struct, IBinaryInteger<T>, IMinMaxValue<T>, IUtf8SpanFormattable
{
    /// <remarks>A 128-bit value beyond 64 bits is a decimal string in MessagePack.</remarks>
    public override JsonObject DescribeSchema(SchemaBuilder schema)
    {
        if (s_isWiderThan64Bits)
        {
            return schema.IsMessagePack
                ? new JsonObject { ["type"] = new JsonArray("integer", "string"), ["pattern"] = "^-?[0-9]+$" }
                : SchemaBuilder.Of("integer");
        }

        // The 32- and 64-bit widths by their usual formats, the narrower ones by their range.
        string? format = typeof(T) == typeof(int) ? "int32" : typeof(T) == typeof(long) ? "int64" : typeof(T) == typeof(uint) ? "uint32" : typeof(T) == typeof(ulong) ? "uint64" : null;
        var described = SchemaBuilder.Of("integer", format);
        if (format is null)
        {
            described["minimum"] = JsonValue.Create(long.CreateTruncating(T.MinValue));
            described["maximum"] = JsonValue.Create(long.CreateTruncating(T.MaxValue));
        }

        return described;
    }

    private static readonly string s_expected = $"Expected an integer that fits in {typeof(T).Name}.";

    // Only 128-bit values can be beyond what a MessagePack integer holds, and only they are written as strings.
    private static readonly bool s_isWiderThan64Bits = typeof(T) == typeof(Int128) || typeof(T) == typeof(UInt128);

    public override void WriteJson(ref JsonWriter writer, T value) => writer.WriteNumber(value);

    public override T ReadJson(ref JsonReader reader)
        => TryParse(reader.ReadNumberSpan(), out var value) ? value : throw reader.Error(s_expected);

    public override void WriteMessagePack(ref MessagePackWriter writer, T value)
    {
        if (T.IsNegative(value))
        {
            if (Int128.CreateTruncating(value) >= long.MinValue)
            {
                writer.WriteInt64(long.CreateTruncating(value));
                return;
            }
        }
        else if (UInt128.CreateTruncating(value) <= ulong.MaxValue)
        {
            writer.WriteUInt64(ulong.CreateTruncating(value));
            return;
        }

        writer.WriteFormattedString(value, default);
    }

    public override T ReadMessagePack(ref MessagePackReader reader)
    {
        if (s_isWiderThan64Bits && reader.PeekType() == MessagePackType.String)
        {
            return TryParse(reader.ReadStringSpan(), out var parsed) ? parsed : throw reader.Error(s_expected);
        }

        var integer = reader.ReadInteger();
        if (integer < Int128.CreateSaturating(T.MinValue) || (T.IsPositive(T.MaxValue) && integer > Int128.CreateSaturating(T.MaxValue)))
        {
            throw reader.Error(s_expected);
        }

        return T.CreateTruncating(integer);
    }

    private static bool TryParse(ReadOnlySpan<byte> text, out T value)
        => T.TryParse(text, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out value);
}

/// <summary>
/// Decimals are JSON numbers written with their scale (1.50 stays 1.50). MessagePack has no decimal type, so there
/// they are that same text as a string, which loses nothing; integers and floats are read too, from other writers.
/// </summary>
internal sealed class DecimalConverter : ValueConverter<decimal>
{
    /// <remarks>A number in JSON; invariant text in MessagePack, as MessagePack-CSharp writes it.</remarks>
    public override JsonObject DescribeSchema(SchemaBuilder schema)
        => schema.IsMessagePack
            ? new JsonObject { ["type"] = "string", ["format"] = "decimal", ["pattern"] = "^-?[0-9]+(\\.[0-9]+)?$" }
            : SchemaBuilder.Of("number", "decimal");

    private const string Expected = "Expected a number that fits in Decimal.";

    public override void WriteJson(ref JsonWriter writer, decimal value) => writer.WriteNumber(value);

    public override decimal ReadJson(ref JsonReader reader)
        => TryParse(reader.ReadNumberSpan(), out var value) ? value : throw reader.Error(Expected);

    public override void WriteMessagePack(ref MessagePackWriter writer, decimal value) => writer.WriteFormattedString(value, default);

    public override decimal ReadMessagePack(ref MessagePackReader reader)
    {
        switch (reader.PeekType())
        {
            case MessagePackType.String:
                return TryParse(reader.ReadStringSpan(), out var value) ? value : throw reader.Error(Expected);
            case MessagePackType.Integer:
                var integer = reader.ReadInteger();
                return integer >= (Int128)decimal.MinValue && integer <= (Int128)decimal.MaxValue ? (decimal)integer : throw reader.Error(Expected);
            default:
                double real = reader.ReadDouble();
                // (double)decimal.MaxValue rounds up to 2^96, which no decimal holds: the bound is strict.
                return double.IsFinite(real) && Math.Abs(real) < (double)decimal.MaxValue ? (decimal)real : throw reader.Error(Expected);
        }
    }

    internal static bool TryParse(ReadOnlySpan<byte> text, out decimal value)
        => TryParsePlain(text, out value) || decimal.TryParse(text, NumberStyles.Float, CultureInfo.InvariantCulture, out value);

    /// <summary>
    /// The common case, <c>-?digits(.digits)?</c> with at most 19 digits, straight into the decimal's parts: several
    /// times faster than the general parser, which prices and order books spend most of their read time in. Anything
    /// else (exponents, more digits) is left to the general parser, so the results are the same.
    /// </summary>
    private static bool TryParsePlain(ReadOnlySpan<byte> text, out decimal value)
    {
        int i = text is [(byte)'-', ..] ? 1 : 0;
        ulong mantissa = 0;
        int digits = 0;
        int scale = -1;
        for (; i < text.Length; i++)
        {
            uint digit = (uint)(text[i] - '0');
            if (digit <= 9)
            {
                mantissa = (mantissa * 10) + digit;
                digits++;
                scale += scale >= 0 ? 1 : 0;
            }
            else if (text[i] != '.' || scale >= 0)
            {
                value = default;
                return false;
            }
            else
            {
                scale = 0;
            }
        }

        if (digits is 0 or > 19)
        {
            value = default;
            return false;
        }

        value = new decimal((int)mantissa, (int)(mantissa >> 32), 0, text[0] == '-', (byte)Math.Max(scale, 0));
        return true;
    }
}

/// <summary>
/// Floating-point numbers, in shortest round-trip form in JSON. JSON has no NaN or infinities, so there they are the
/// strings "NaN", "Infinity" and "-Infinity", never bare tokens; MessagePack floats hold them natively. Both readers
/// accept both forms. A number too large for the type is an error, not an infinity.
/// </summary>
internal sealed class FloatingPointConverter<T> : ValueConverter<T>
    where T : struct, IFloatingPointIeee754<T>, IUtf8SpanFormattable
{
    /// <remarks>
    /// JSON has no NaN or infinities: they are the strings the pattern lists. MessagePack floats hold them, and its
    /// decoded form shows them as the same strings.
    /// </remarks>
    public override JsonObject DescribeSchema(SchemaBuilder schema)
        => new() { ["type"] = new JsonArray("number", "string"), ["format"] = typeof(T) == typeof(double) ? "double" : "float", ["pattern"] = "^(NaN|-?Infinity)$" };

    private static readonly string s_expected = $"Expected a number that fits in {typeof(T).Name}, or one of the strings \"NaN\", \"Infinity\", \"-Infinity\".";

    public override void WriteJson(ref JsonWriter writer, T value)
    {
        if (T.IsFinite(value))
        {
            writer.WriteNumber(value);
        }
        else
        {
            writer.WriteAsciiString(T.IsNaN(value) ? "NaN"u8 : T.IsNegative(value) ? "-Infinity"u8 : "Infinity"u8);
        }
    }

    public override T ReadJson(ref JsonReader reader)
    {
        if (reader.Peek() == JsonTokenKind.String)
        {
            return TryParseNonFinite(reader.ReadStringValue(), out var special) ? special : throw reader.Error(s_expected);
        }

        var number = reader.ReadNumberSpan();
        return T.TryParse(number, NumberStyles.Float, CultureInfo.InvariantCulture, out var value) && T.IsFinite(value)
            ? value
            : throw reader.Error(s_expected);
    }

    public override void WriteMessagePack(ref MessagePackWriter writer, T value)
    {
        if (typeof(T) == typeof(double))
        {
            writer.WriteDouble(double.CreateTruncating(value));
        }
        else
        {
            writer.WriteSingle(float.CreateTruncating(value));
        }
    }

    public override T ReadMessagePack(ref MessagePackReader reader)
    {
        if (reader.PeekType() == MessagePackType.String)
        {
            return TryParseNonFinite(reader.ReadStringSpan(), out var special) ? special : throw reader.Error(s_expected);
        }

        double real = reader.ReadDouble();
        var value = T.CreateSaturating(real);
        return T.IsFinite(value) || !double.IsFinite(real) ? value : throw reader.Error(s_expected);
    }

    private static bool TryParseNonFinite(ReadOnlySpan<byte> text, out T value)
    {
        value = text.SequenceEqual("NaN"u8) ? T.NaN
            : text.SequenceEqual("Infinity"u8) ? T.PositiveInfinity
            : text.SequenceEqual("-Infinity"u8) ? T.NegativeInfinity
            : T.Zero;
        return !T.IsFinite(value);
    }
}
