using System.Globalization;
using System.Numerics;
using FastFormatters.Json;

namespace FastFormatters.Serialization.Converters;

/// <summary>Integers are JSON numbers without fraction or exponent; a value out of range is an error, never wrapped.</summary>
internal sealed class IntegerConverter<T> : ValueConverter<T>
    where T : struct, IBinaryInteger<T>, IUtf8SpanFormattable
{
    public override void WriteJson(ref JsonWriter writer, T value) => writer.WriteNumber(value);

    public override T ReadJson(ref JsonReader reader)
    {
        var number = reader.ReadNumberSpan();
        if (!T.TryParse(number, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out var value))
        {
            throw reader.Error($"Expected an integer that fits in {typeof(T).Name}.");
        }

        return value;
    }
}

/// <summary>Decimals are JSON numbers, written with their scale (1.50 stays 1.50).</summary>
internal sealed class DecimalConverter : ValueConverter<decimal>
{
    public override void WriteJson(ref JsonWriter writer, decimal value) => writer.WriteNumber(value);

    public override decimal ReadJson(ref JsonReader reader)
    {
        var number = reader.ReadNumberSpan();
        if (!decimal.TryParse(number, NumberStyles.Float, CultureInfo.InvariantCulture, out var value))
        {
            throw reader.Error("Expected a number that fits in Decimal.");
        }

        return value;
    }
}

/// <summary>
/// Floating-point numbers are written in shortest round-trip form. JSON has no NaN or infinities, so those are written as
/// the strings "NaN", "Infinity" and "-Infinity", never as bare tokens, and read back from them. A number too large for
/// the type is an error, not an infinity.
/// </summary>
internal sealed class FloatingPointConverter<T> : ValueConverter<T>
    where T : struct, IFloatingPointIeee754<T>, IUtf8SpanFormattable
{
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
            var text = reader.ReadStringValue();
            if (text.SequenceEqual("NaN"u8))
            {
                return T.NaN;
            }

            if (text.SequenceEqual("Infinity"u8))
            {
                return T.PositiveInfinity;
            }

            if (text.SequenceEqual("-Infinity"u8))
            {
                return T.NegativeInfinity;
            }

            throw reader.Error("Expected a number, or one of the strings \"NaN\", \"Infinity\", \"-Infinity\".");
        }

        var number = reader.ReadNumberSpan();
        if (!T.TryParse(number, NumberStyles.Float, CultureInfo.InvariantCulture, out var value) || !T.IsFinite(value))
        {
            throw reader.Error($"Expected a number that fits in {typeof(T).Name}.");
        }

        return value;
    }
}
