namespace FastFormatters.Negotiation;

/// <summary>
/// A parsed media type or media range (<c>type/subtype[+suffix]</c>), compared case-insensitively as RFC 9110 §8.3.1 requires.
/// </summary>
/// <remarks>
/// Parameters other than the type and subtype are ignored for matching; <c>charset</c> is not meaningful for the
/// byte-oriented formats this library serves and JSON is always UTF-8 (RFC 8259 §8.1).
/// </remarks>
public readonly struct ParsedMediaType : IEquatable<ParsedMediaType>
{
    private ParsedMediaType(string type, string subtype, string? suffix)
    {
        Type = type;
        Subtype = subtype;
        Suffix = suffix;
    }

    /// <summary>The top-level type, e.g. <c>application</c>, or <c>*</c>.</summary>
    public string Type { get; }

    /// <summary>The full subtype including any structured-syntax suffix, e.g. <c>problem+json</c>, or <c>*</c>.</summary>
    public string Subtype { get; }

    /// <summary>The structured-syntax suffix without the plus sign (e.g. <c>json</c> for <c>application/*+json</c>), or <see langword="null"/>.</summary>
    public string? Suffix { get; }

    /// <summary>Whether the type is the wildcard <c>*</c>.</summary>
    public bool MatchesAllTypes => Type == "*";

    /// <summary>Whether the subtype is the wildcard <c>*</c> (with or without a suffix).</summary>
    public bool MatchesAllSubtypes => Subtype == "*" || Subtype.StartsWith("*+", StringComparison.Ordinal);

    /// <summary>Whether this is a range (<c>*/*</c>, <c>type/*</c>, <c>type/*+suffix</c>) rather than one concrete media type.</summary>
    public bool IsRange => MatchesAllTypes || MatchesAllSubtypes;

    /// <summary>Parses a media type, ignoring parameters.</summary>
    /// <exception cref="FormatException">The value is not a media type.</exception>
    public static ParsedMediaType Parse(string value)
        => TryParse(value, out var mediaType) ? mediaType : throw new FormatException($"'{value}' is not a valid media type.");

    /// <summary>Parses a media type such as <c>application/json; charset=utf-8</c>, ignoring parameters.</summary>
    public static bool TryParse(ReadOnlySpan<char> value, out ParsedMediaType mediaType)
    {
        mediaType = default;
        int semicolon = value.IndexOf(';');
        var essence = (semicolon >= 0 ? value[..semicolon] : value).Trim(" \t");
        int slash = essence.IndexOf('/');
        if (slash <= 0 || slash == essence.Length - 1)
        {
            return false;
        }

        var type = essence[..slash];
        var subtype = essence[(slash + 1)..];
        if (!IsToken(type) || !IsToken(subtype))
        {
            return false;
        }

        string? suffix = null;
        int plus = subtype.LastIndexOf('+');
        if (plus > 0 && plus < subtype.Length - 1)
        {
            suffix = subtype[(plus + 1)..].ToString().ToLowerInvariant();
        }

        mediaType = new ParsedMediaType(type.ToString().ToLowerInvariant(), subtype.ToString().ToLowerInvariant(), suffix);
        return true;
    }

    /// <summary>
    /// Whether this media type is included in <paramref name="range"/>: <c>application/problem+json</c> is a subset of
    /// <c>application/*+json</c>, <c>application/*</c> and <c>*/*</c>.
    /// </summary>
    public bool IsSubsetOf(ParsedMediaType range)
    {
        if (range.MatchesAllTypes)
        {
            return true;
        }

        if (!string.Equals(Type, range.Type, StringComparison.Ordinal))
        {
            return false;
        }

        if (range.Subtype == "*")
        {
            return true;
        }

        if (range.MatchesAllSubtypes)
        {
            // application/*+json covers every subtype with the json suffix.
            return Suffix is not null && string.Equals(Suffix, range.Suffix, StringComparison.Ordinal);
        }

        return string.Equals(Subtype, range.Subtype, StringComparison.Ordinal);
    }

    /// <inheritdoc />
    public bool Equals(ParsedMediaType other)
        => string.Equals(Type, other.Type, StringComparison.Ordinal) && string.Equals(Subtype, other.Subtype, StringComparison.Ordinal);

    /// <inheritdoc />
    public override bool Equals(object? obj) => obj is ParsedMediaType other && Equals(other);

    /// <inheritdoc />
    public override int GetHashCode() => HashCode.Combine(Type, Subtype);

    /// <summary>The media type as <c>type/subtype</c>, in lower case.</summary>
    public override string ToString() => Type is null ? string.Empty : $"{Type}/{Subtype}";

    /// <summary>Equality of type and subtype.</summary>
    public static bool operator ==(ParsedMediaType left, ParsedMediaType right) => left.Equals(right);

    /// <summary>Inequality of type and subtype.</summary>
    public static bool operator !=(ParsedMediaType left, ParsedMediaType right) => !left.Equals(right);

    // RFC 9110 §5.6.2 token characters.
    private static bool IsToken(ReadOnlySpan<char> value)
    {
        if (value.IsEmpty)
        {
            return false;
        }

        foreach (char c in value)
        {
            if (c > 0x7E || c <= 0x20 || "\"(),/:;<=>?@[\\]{}".Contains(c))
            {
                return false;
            }
        }

        return true;
    }
}
