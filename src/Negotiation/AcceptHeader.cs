using Microsoft.Extensions.Primitives;

namespace FastFormatters.Negotiation;

/// <summary>
/// Parses <c>Accept</c> header values (RFC 9110 §12.5.1): comma-separated media ranges with optional parameters and a
/// weight <c>q</c> between 0 and 1 with at most three decimals. Types are case-insensitive; whitespace around
/// separators, empty list elements and several header lines are allowed.
/// </summary>
public static class AcceptHeader
{
    /// <summary>
    /// Parses every value of the header into <paramref name="ranges"/> (cleared first), in header order.
    /// </summary>
    /// <returns><see langword="false"/> when any element is malformed: the header is then to be treated as absent.</returns>
    public static bool TryParse(StringValues values, List<MediaRange> ranges)
    {
        ArgumentNullException.ThrowIfNull(ranges);
        ranges.Clear();
        foreach (var value in values)
        {
            if (value is not null && !TryParseValue(value.AsSpan(), ranges))
            {
                ranges.Clear();
                return false;
            }
        }

        return true;
    }

    private static bool TryParseValue(ReadOnlySpan<char> value, List<MediaRange> ranges)
    {
        while (!value.IsEmpty)
        {
            int end = IndexOfUnquoted(value, ',');
            var element = (end < 0 ? value : value[..end]).Trim(" \t");
            value = end < 0 ? default : value[(end + 1)..];
            if (element.IsEmpty)
            {
                continue;
            }

            if (!TryParseElement(element, out var range))
            {
                return false;
            }

            ranges.Add(range);
        }

        return true;
    }

    private static bool TryParseElement(ReadOnlySpan<char> element, out MediaRange range)
    {
        range = default;
        int semicolon = IndexOfUnquoted(element, ';');
        if (!ParsedMediaType.TryParse(semicolon < 0 ? element : element[..semicolon], out var mediaType)
            || (mediaType.MatchesAllTypes && mediaType.Subtype != "*"))
        {
            return false;
        }

        int quality = 1000;
        bool hasParameters = false;
        var parameters = semicolon < 0 ? default : element[(semicolon + 1)..];
        while (!parameters.IsEmpty)
        {
            int next = IndexOfUnquoted(parameters, ';');
            var parameter = (next < 0 ? parameters : parameters[..next]).Trim(" \t");
            parameters = next < 0 ? default : parameters[(next + 1)..];
            int equals = parameter.IndexOf('=');
            if (equals <= 0)
            {
                return false;
            }

            var name = parameter[..equals].TrimEnd(" \t");
            var argument = parameter[(equals + 1)..].TrimStart(" \t");
            if (name.Equals("q", StringComparison.OrdinalIgnoreCase))
            {
                if (!TryParseQuality(argument, out quality))
                {
                    return false;
                }

                // Parameters after the weight are accept-extensions (RFC 7231), not part of the range.
                break;
            }

            if (argument.IsEmpty)
            {
                return false;
            }

            // A charset says nothing about which representation is wanted here; other parameters narrow the range.
            hasParameters |= !name.Equals("charset", StringComparison.OrdinalIgnoreCase);
        }

        range = new MediaRange(mediaType, quality, hasParameters);
        return true;
    }

    // weight = "0" [ "." 0*3DIGIT ] / "1" [ "." 0*3("0") ]
    private static bool TryParseQuality(ReadOnlySpan<char> text, out int quality)
    {
        quality = 0;
        if (text.IsEmpty || text.Length > 5 || (text[0] != '0' && text[0] != '1'))
        {
            return false;
        }

        int whole = text[0] - '0';
        int thousandths = 0;
        if (text.Length > 1)
        {
            if (text[1] != '.')
            {
                return false;
            }

            var digits = text[2..];
            for (int i = 0; i < 3; i++)
            {
                int digit = 0;
                if (i < digits.Length)
                {
                    if (!char.IsAsciiDigit(digits[i]))
                    {
                        return false;
                    }

                    digit = digits[i] - '0';
                }

                thousandths = thousandths * 10 + digit;
            }
        }

        if (whole == 1 && thousandths != 0)
        {
            return false;
        }

        quality = whole * 1000 + thousandths;
        return true;
    }

    private static int IndexOfUnquoted(ReadOnlySpan<char> text, char separator)
    {
        bool quoted = false;
        for (int i = 0; i < text.Length; i++)
        {
            char c = text[i];
            if (quoted)
            {
                if (c == '\\')
                {
                    i++;
                }
                else if (c == '"')
                {
                    quoted = false;
                }
            }
            else if (c == '"')
            {
                quoted = true;
            }
            else if (c == separator)
            {
                return i;
            }
        }

        return -1;
    }
}
