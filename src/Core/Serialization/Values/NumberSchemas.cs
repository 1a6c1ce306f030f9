using System.Numerics;
using System.Text.Json.Nodes;

namespace FastFormatters.Serialization.Values;

/// <summary>The schema of an integer type that fits 64 bits: the usual format of 32- and 64-bit widths, the range of narrower ones.</summary>
internal static class IntegerSchema
{
    public static JsonObject Of<T>()
        where T : struct, IBinaryInteger<T>, IMinMaxValue<T>
    {
        string? format = typeof(T) == typeof(int) ? "int32" : typeof(T) == typeof(long) ? "int64" : typeof(T) == typeof(uint) ? "uint32" : typeof(T) == typeof(ulong) ? "uint64" : null;
        var described = SchemaBuilder.Of("integer", format);
        if (format is null && typeof(T) != typeof(Int128) && typeof(T) != typeof(UInt128))
        {
            described["minimum"] = JsonValue.Create(long.CreateTruncating(T.MinValue));
            described["maximum"] = JsonValue.Create(long.CreateTruncating(T.MaxValue));
        }

        return described;
    }
}

/// <summary>
/// The schema of a floating-point type: a number, or one of the strings JSON carries NaN and infinities as (MessagePack
/// floats hold them, and its decoded form shows them as the same strings).
/// </summary>
internal static class FloatingPointSchema
{
    public static JsonObject Of<T>()
        => new() { ["type"] = new JsonArray("number", "string"), ["format"] = typeof(T) == typeof(double) ? "double" : "float", ["pattern"] = "^(NaN|-?Infinity)$" };

    public static string Expected<T>() => $"Expected a number that fits in {typeof(T).Name}, or one of the strings \"NaN\", \"Infinity\", \"-Infinity\".";
}
