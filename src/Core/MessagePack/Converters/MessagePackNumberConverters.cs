using System.Numerics;
using System.Text.Json.Nodes;
using FastFormatters.Serialization;
using FastFormatters.Serialization.Values;

namespace FastFormatters.MessagePack.Converters;

/// <summary>
/// Integers in their smallest encoding (a 128-bit value beyond 64 bits is a decimal string). A value out of range is an
/// error, never wrapped.
/// </summary>
internal sealed class MessagePackIntegerConverter<T> : MessagePackValueConverter<T>
    where T : struct, IBinaryInteger<T>, IMinMaxValue<T>, IUtf8SpanFormattable
{
    /// <remarks>A 128-bit value beyond 64 bits is a decimal string.</remarks>
    internal override JsonObject DescribeSchema(SchemaBuilder schema)
        => s_isWiderThan64Bits
            ? new JsonObject { ["type"] = new JsonArray("integer", "string"), ["pattern"] = "^-?[0-9]+$" }
            : IntegerSchema.Of<T>();

    private static readonly string s_expected = $"Expected an integer that fits in {typeof(T).Name}.";

    // Only 128-bit values can be beyond what a MessagePack integer holds, and only they are written as strings.
    private static readonly bool s_isWiderThan64Bits = typeof(T) == typeof(Int128) || typeof(T) == typeof(UInt128);

    public override void Write(ref FastMessagePackWriter writer, T value)
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

    public override T Read(ref FastMessagePackReader reader)
    {
        if (s_isWiderThan64Bits && reader.PeekKind() == MessagePackValueKind.String)
        {
            return NumberText.TryParseInteger(reader.ReadStringSpan(), out T parsed) ? parsed : throw reader.Error(s_expected);
        }

        var integer = reader.ReadInteger();
        if (integer < Int128.CreateSaturating(T.MinValue) || (T.IsPositive(T.MaxValue) && integer > Int128.CreateSaturating(T.MaxValue)))
        {
            throw reader.Error(s_expected);
        }

        return T.CreateTruncating(integer);
    }
}

/// <summary>
/// MessagePack has no decimal type: a decimal is its invariant text as a string, as MessagePack-CSharp writes it, which
/// loses nothing; integers and floats are read too, from other writers.
/// </summary>
internal sealed class MessagePackDecimalConverter : MessagePackValueConverter<decimal>
{
    internal override JsonObject DescribeSchema(SchemaBuilder schema)
        => new() { ["type"] = "string", ["format"] = "decimal", ["pattern"] = "^-?[0-9]+(\\.[0-9]+)?$" };

    private const string Expected = "Expected a number that fits in Decimal.";

    public override void Write(ref FastMessagePackWriter writer, decimal value) => writer.WriteFormattedString(value, default);

    public override decimal Read(ref FastMessagePackReader reader)
    {
        switch (reader.PeekKind())
        {
            case MessagePackValueKind.String:
                // Text that parses as a decimal is ASCII: only text that does not is checked to be UTF-8.
                var text = reader.ReadUncheckedStringSpan();
                if (NumberText.TryParseDecimal(text, out var value))
                {
                    return value;
                }

                reader.EnsureUtf8(text);
                throw reader.Error(Expected);
            case MessagePackValueKind.Integer:
                var integer = reader.ReadInteger();
                return integer >= (Int128)decimal.MinValue && integer <= (Int128)decimal.MaxValue ? (decimal)integer : throw reader.Error(Expected);
            default:
                double real = reader.ReadDouble();
                // (double)decimal.MaxValue rounds up to 2^96, which no decimal holds: the bound is strict.
                return double.IsFinite(real) && Math.Abs(real) < (double)decimal.MaxValue ? (decimal)real : throw reader.Error(Expected);
        }
    }
}

/// <summary>
/// Floating-point numbers as MessagePack floats, which hold NaN and infinities natively; the strings JSON uses for
/// them are read too. A number too large for the type is an error, not an infinity.
/// </summary>
internal sealed class MessagePackFloatingPointConverter<T> : MessagePackValueConverter<T>
    where T : struct, IFloatingPointIeee754<T>, IUtf8SpanFormattable
{
    internal override JsonObject DescribeSchema(SchemaBuilder schema) => FloatingPointSchema.Of<T>();

    private static readonly string s_expected = FloatingPointSchema.Expected<T>();

    public override void Write(ref FastMessagePackWriter writer, T value)
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

    public override T Read(ref FastMessagePackReader reader)
    {
        if (reader.PeekKind() == MessagePackValueKind.String)
        {
            return NumberText.TryParseNonFinite(reader.ReadStringSpan(), out T special) ? special : throw reader.Error(s_expected);
        }

        double real = reader.ReadDouble();
        var value = T.CreateSaturating(real);
        return T.IsFinite(value) || !double.IsFinite(real) ? value : throw reader.Error(s_expected);
    }
}
