namespace FastFormatters.Negotiation;

/// <summary>One element of an <c>Accept</c> header: a media range and its weight.</summary>
public readonly struct MediaRange
{
    /// <summary>Creates a media range.</summary>
    /// <param name="mediaType">The range, e.g. <c>application/*</c>.</param>
    /// <param name="quality">The weight in thousandths, 0 to 1000 (<c>q=0.5</c> is 500).</param>
    /// <param name="hasParameters">Whether the range carries parameters other than <c>q</c>, which makes it more specific.</param>
    public MediaRange(ParsedMediaType mediaType, int quality, bool hasParameters = false)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(quality);
        ArgumentOutOfRangeException.ThrowIfGreaterThan(quality, 1000);
        MediaType = mediaType;
        Quality = quality;
        Specificity = mediaType.MatchesAllTypes ? 0
            : mediaType.Subtype == "*" ? 1
            : mediaType.MatchesAllSubtypes ? 2
            : hasParameters ? 4 : 3;
    }

    /// <summary>The media range.</summary>
    public ParsedMediaType MediaType { get; }

    /// <summary>The weight in thousandths: 1000 for <c>q=1</c> (the default), 0 for "not acceptable".</summary>
    public int Quality { get; }

    /// <summary>
    /// How specific the range is (RFC 9110 §12.5.1): 0 for <c>*/*</c>, 1 for <c>type/*</c>, 2 for <c>type/*+suffix</c>,
    /// 3 for <c>type/subtype</c>, 4 for <c>type/subtype</c> with parameters. The most specific matching range decides a
    /// media type's weight.
    /// </summary>
    public int Specificity { get; }

    /// <inheritdoc />
    public override string ToString() => $"{MediaType};q={Quality / 1000.0:0.###}";
}
