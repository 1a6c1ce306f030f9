using System.Buffers.Text;
using System.Globalization;
using System.Numerics;

namespace FastFormatters.Json.Converters;

/// <summary>
/// Number text as System.Text.Json parses it, whether it is a number token, the content of a string read under
/// <see cref="System.Text.Json.Serialization.JsonNumberHandling.AllowReadingFromString"/>, or a dictionary key: the
/// same BCL parser on the whole text. That is <see cref="Utf8Parser"/> for the integers up to 64 bits,
/// <see cref="float"/>, <see cref="double"/> and <see cref="decimal"/> (no sign on an unsigned type, leading zeros and a
/// <c>+</c> taken, no white space), and the type's own parser with its default styles for the rest (<see cref="Int128"/>,
/// <see cref="UInt128"/>, <see cref="Half"/>, which take white space around the number).
/// </summary>
internal static class JsonNumberText
{
    /// <summary>Parses all of <paramref name="text"/> as a <typeparamref name="T"/>, as System.Text.Json does.</summary>
    public static bool TryParse<T>(ReadOnlySpan<byte> text, out T value)
        where T : INumberBase<T>
    {
        var parse = Utf8<T>.Parse;
        if (parse is null)
        {
            return T.TryParse(text, CultureInfo.InvariantCulture, out value!);
        }

        return parse(text, out value, out int consumed, default) && consumed == text.Length;
    }

    private delegate bool Utf8Parse<T>(ReadOnlySpan<byte> source, out T value, out int bytesConsumed, char standardFormat);

    // Utf8Parser's overload for T, or null where System.Text.Json uses the type's own parser.
    private static class Utf8<T>
    {
        public static readonly Utf8Parse<T>? Parse = (Utf8Parse<T>?)Find(typeof(T));
    }

    private static Delegate? Find(Type type)
        => type == typeof(byte) ? new Utf8Parse<byte>(Utf8Parser.TryParse)
            : type == typeof(sbyte) ? new Utf8Parse<sbyte>(Utf8Parser.TryParse)
            : type == typeof(short) ? new Utf8Parse<short>(Utf8Parser.TryParse)
            : type == typeof(ushort) ? new Utf8Parse<ushort>(Utf8Parser.TryParse)
            : type == typeof(int) ? new Utf8Parse<int>(Utf8Parser.TryParse)
            : type == typeof(uint) ? new Utf8Parse<uint>(Utf8Parser.TryParse)
            : type == typeof(long) ? new Utf8Parse<long>(Utf8Parser.TryParse)
            : type == typeof(ulong) ? new Utf8Parse<ulong>(Utf8Parser.TryParse)
            : type == typeof(float) ? new Utf8Parse<float>(Utf8Parser.TryParse)
            : type == typeof(double) ? new Utf8Parse<double>(Utf8Parser.TryParse)
            : type == typeof(decimal) ? new Utf8Parse<decimal>(Utf8Parser.TryParse)
            : null;
}
