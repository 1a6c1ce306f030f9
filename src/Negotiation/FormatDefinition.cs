namespace FastFormatters.Negotiation;

/// <summary>
/// A wire format a server can speak, identified by a short name and the media types (aliases) that name it.
/// </summary>
public sealed class FormatDefinition
{
    /// <summary>Creates a format definition.</summary>
    /// <param name="name">Short, stable name such as <c>json</c>, used in diagnostics and the optional <c>?format=</c> override.</param>
    /// <param name="mediaTypes">The media types of the format; the first is the canonical one. Ranges such as <c>application/*+json</c> are allowed after it.</param>
    public FormatDefinition(string name, params string[] mediaTypes)
    {
        ArgumentException.ThrowIfNullOrWhiteSpace(name);
        ArgumentNullException.ThrowIfNull(mediaTypes);
        if (mediaTypes.Length == 0)
        {
            throw new ArgumentException("A format needs at least one media type.", nameof(mediaTypes));
        }

        var parsed = new ParsedMediaType[mediaTypes.Length];
        for (int i = 0; i < mediaTypes.Length; i++)
        {
            parsed[i] = ParsedMediaType.Parse(mediaTypes[i]);
        }

        if (parsed[0].IsRange)
        {
            throw new ArgumentException("The canonical (first) media type of a format cannot be a range.", nameof(mediaTypes));
        }

        Name = name;
        MediaTypes = Array.AsReadOnly(mediaTypes);
        ParsedMediaTypes = Array.AsReadOnly(parsed);
    }

    /// <summary>The short name of the format, e.g. <c>json</c>.</summary>
    public string Name { get; }

    /// <summary>The media types as given, canonical first.</summary>
    public IReadOnlyList<string> MediaTypes { get; }

    /// <summary>The parsed media types, in the same order as <see cref="MediaTypes"/>.</summary>
    public IReadOnlyList<ParsedMediaType> ParsedMediaTypes { get; }

    /// <summary>The canonical media type, e.g. <c>application/json</c>.</summary>
    public string CanonicalMediaType => MediaTypes[0];

    /// <summary>
    /// Whether <paramref name="mediaType"/> names this format: it equals one of its media types or falls in one of its ranges.
    /// </summary>
    public bool Accepts(ParsedMediaType mediaType)
    {
        foreach (var own in ParsedMediaTypes)
        {
            if (mediaType.IsSubsetOf(own))
            {
                return true;
            }
        }

        return false;
    }

    /// <inheritdoc />
    public override string ToString() => Name;
}
