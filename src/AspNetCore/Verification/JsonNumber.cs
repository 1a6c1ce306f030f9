using System.Numerics;

namespace FastFormatters.Verification;

/// <summary>
/// The exact value of a JSON number token, spelling aside: <c>1.50</c>, <c>15E-1</c> and <c>0.15e1</c> are one value.
/// Held as its significant digits (no leading or trailing zero) and the power of ten they are multiplied by.
/// </summary>
/// <param name="Negative">Whether the value is below zero (zero is never negative).</param>
/// <param name="Digits">The significant digits; empty for zero.</param>
/// <param name="Exponent">The power of ten <paramref name="Digits"/> are multiplied by.</param>
internal readonly record struct JsonNumber(bool Negative, string Digits, BigInteger Exponent)
{
    /// <summary>Whether the value has no fractional part.</summary>
    public bool IsInteger => Exponent >= 0 || Digits.Length == 0;

    /// <summary>The value of <paramref name="token"/>, a number as JSON's grammar spells it (as a parsed document holds it).</summary>
    public static JsonNumber Parse(string token)
    {
        bool negative = token.StartsWith('-');
        var text = token.AsSpan(negative ? 1 : 0);
        int exponentStart = text.IndexOfAny('e', 'E');
        var exponent = exponentStart < 0 ? BigInteger.Zero : BigInteger.Parse(text[(exponentStart + 1)..], System.Globalization.CultureInfo.InvariantCulture);
        var mantissa = exponentStart < 0 ? text : text[..exponentStart];
        int point = mantissa.IndexOf('.');
        string digits = point < 0 ? mantissa.ToString() : string.Concat(mantissa[..point], mantissa[(point + 1)..]);
        if (point >= 0)
        {
            exponent -= mantissa.Length - point - 1;
        }

        string significant = digits.TrimStart('0');
        string trimmed = significant.TrimEnd('0');
        exponent += significant.Length - trimmed.Length;
        return trimmed.Length == 0 ? new JsonNumber(false, string.Empty, BigInteger.Zero) : new JsonNumber(negative, trimmed, exponent);
    }
}
