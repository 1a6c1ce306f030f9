using System.Buffers;
using System.Buffers.Text;
using System.Globalization;
using System.Numerics;

namespace FastFormatters.Serialization.Values;

/// <summary>The text forms of numbers and characters that every format reads the same way.</summary>
internal static class NumberText
{
    /// <summary>An integer with an optional sign, in invariant culture.</summary>
    public static bool TryParseInteger<T>(ReadOnlySpan<byte> text, out T value)
        where T : IBinaryInteger<T>, IMinMaxValue<T>
        => TryParsePlainInteger(text, out value) || !HasNul(text) && T.TryParse(text, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out value!);

    /// <summary>
    /// A decimal in plain or exponent form, without surrounding white space, parsed as System.Text.Json and
    /// MessagePack-CSharp parse it: by <see cref="Utf8Parser"/>, whose rounding of more digits than a decimal holds is not
    /// that of <see cref="decimal.Parse(string)"/>.
    /// </summary>
    public static bool TryParseDecimal(ReadOnlySpan<byte> text, out decimal value)
        => TryParsePlainDecimal(text, out value) || Utf8Parser.TryParse(text, out value, out int consumed) && consumed == text.Length;

    // .NET's number parsers ignore NUL characters at the end of the text, which System.Text.Json refuses: a key or a
    // number in a string spelled "10\u0000" is not 10.
    private static bool HasNul(ReadOnlySpan<byte> text) => text.Contains((byte)0);

    /// <summary>The strings JSON carries non-finite floating-point values as: "NaN", "Infinity", "-Infinity".</summary>
    public static bool TryParseNonFinite<T>(ReadOnlySpan<byte> text, out T value)
        where T : IFloatingPointIeee754<T>
    {
        value = text.SequenceEqual("NaN"u8) ? T.NaN
            : text.SequenceEqual("Infinity"u8) ? T.PositiveInfinity
            : text.SequenceEqual("-Infinity"u8) ? T.NegativeInfinity
            : T.Zero;
        return !T.IsFinite(value);
    }

    /// <summary>The text of a non-finite value, as <see cref="TryParseNonFinite"/> reads it.</summary>
    public static ReadOnlySpan<byte> NonFinite<T>(T value)
        where T : IFloatingPointIeee754<T>
        => T.IsNaN(value) ? "NaN"u8 : T.IsNegative(value) ? "-Infinity"u8 : "Infinity"u8;

    /// <summary>A string of exactly one UTF-16 character.</summary>
    public static bool TryParseChar(ReadOnlySpan<byte> utf8, out char value)
    {
        // One UTF-16 unit: a longer string stops at "destination too small" instead of decoding it all.
        Span<char> chars = stackalloc char[1];
        bool single = System.Text.Unicode.Utf8.ToUtf16(utf8, chars, out _, out int written, replaceInvalidSequences: false) == OperationStatus.Done
            && written == 1;
        value = chars[0];
        return single;
    }

    /// <summary>
    /// The common case, <c>-?digits</c> with at most 18 digits (which cannot overflow a <see cref="long"/>), in one loop:
    /// the general parser's culture and style handling were a tenth of reading documents of ids and counts. Anything
    /// else (a <c>+</c>, more digits, a value outside <typeparamref name="T"/>) is left to the general parser, so the
    /// results are the same.
    /// </summary>
    private static bool TryParsePlainInteger<T>(ReadOnlySpan<byte> text, out T value)
        where T : IBinaryInteger<T>, IMinMaxValue<T>
        => ReadPlainInteger(text, out value) is > 0 and var length && length == text.Length;

    /// <summary>
    /// Reads the plain integer <c>-?digits</c> that <paramref name="text"/> starts with, up to the first byte that is not a
    /// digit, so that a reader can parse a number in the same pass that finds its end.
    /// </summary>
    /// <returns>
    /// The number of bytes read; 0 when there is no digit, more than 18 digits, a value outside <typeparamref name="T"/>,
    /// or a sign before an unsigned type's digits (<c>-0</c>, which formats differ on, is for the general parser).
    /// </returns>
    public static int ReadPlainInteger<T>(ReadOnlySpan<byte> text, out T value)
        where T : IBinaryInteger<T>, IMinMaxValue<T>
    {
        int i = text is [(byte)'-', ..] ? 1 : 0;
        if (i == 1 && IntegerRange<T>.Min == 0)
        {
            value = default!;
            return 0;
        }

        int first = i;
        long magnitude = 0;
        for (; i < text.Length; i++)
        {
            uint digit = (uint)(text[i] - '0');
            if (digit > 9)
            {
                break;
            }

            magnitude = (magnitude * 10) + digit;
        }

        int digits = i - first;
        long signed = first == 1 ? -magnitude : magnitude;
        if (digits is 0 or > 18 || signed < IntegerRange<T>.Min || signed > IntegerRange<T>.Max)
        {
            value = default!;
            return 0;
        }

        value = T.CreateTruncating(signed);
        return i;
    }

    // A type's range as longs, clamped: every value the plain parser makes fits in a long.
    private static class IntegerRange<T>
        where T : IBinaryInteger<T>, IMinMaxValue<T>
    {
        public static readonly long Min = long.CreateSaturating(T.MinValue);
        public static readonly long Max = long.CreateSaturating(T.MaxValue);
    }

    /// <summary>
    /// The common case, <c>-?digits(.digits)?</c> with at most 19 digits, straight into the decimal's parts: several
    /// times faster than the general parser, which prices and order books spend most of their read time in. Anything
    /// else (exponents, more digits) is left to the general parser, so the results are the same.
    /// </summary>
    private static bool TryParsePlainDecimal(ReadOnlySpan<byte> text, out decimal value)
        => ReadPlainDecimal(text, out value) is > 0 and var length && length == text.Length;

    /// <summary>
    /// Reads the plain decimal that <paramref name="text"/> starts with: an optional <c>-</c>, then digits with at most one
    /// <c>.</c> among them, up to the first byte that continues neither, so that a reader can parse a number in the same
    /// pass that finds its end. The digits on either side of the point may be missing; a reader that needs them checks.
    /// </summary>
    /// <returns>The number of bytes read; 0 when there is no digit or more than 19.</returns>
    public static int ReadPlainDecimal(ReadOnlySpan<byte> text, out decimal value)
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
            else if (text[i] == '.' && scale < 0)
            {
                scale = 0;
            }
            else
            {
                break;
            }
        }

        if (digits is 0 or > 19)
        {
            value = default;
            return 0;
        }

        value = new decimal((int)mantissa, (int)(mantissa >> 32), 0, text[0] == '-', (byte)Math.Max(scale, 0));
        return i;
    }
}
