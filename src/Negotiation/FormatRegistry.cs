namespace FastFormatters.Negotiation;

/// <summary>
/// The formats an application serves, in registration order. The order breaks ties in negotiation; the first format is
/// the default one.
/// </summary>
public sealed class FormatRegistry
{
    private readonly FormatDefinition[] _formats;

    /// <summary>Creates a registry of <paramref name="formats"/>, the first being the default.</summary>
    public FormatRegistry(IEnumerable<FormatDefinition> formats)
    {
        ArgumentNullException.ThrowIfNull(formats);
        _formats = formats.ToArray();
        if (_formats.Length == 0)
        {
            throw new ArgumentException("A registry needs at least one format.", nameof(formats));
        }

        var names = new HashSet<string>(StringComparer.OrdinalIgnoreCase);
        foreach (var format in _formats)
        {
            if (!names.Add(format.Name))
            {
                throw new ArgumentException($"The format name '{format.Name}' is registered twice.", nameof(formats));
            }
        }
    }

    /// <summary>The formats in registration order.</summary>
    public IReadOnlyList<FormatDefinition> Formats => _formats;

    /// <summary>The default format (the first registered).</summary>
    public FormatDefinition Default => _formats[0];

    /// <summary>Finds the format a request <c>Content-Type</c> names, or <see langword="null"/>.</summary>
    public FormatDefinition? FindByContentType(string? contentType)
    {
        if (string.IsNullOrEmpty(contentType) || !ParsedMediaType.TryParse(contentType, out var mediaType) || mediaType.IsRange)
        {
            return null;
        }

        foreach (var format in _formats)
        {
            if (format.Accepts(mediaType))
            {
                return format;
            }
        }

        return null;
    }

    /// <summary>Finds a format by its short name (case-insensitive), or <see langword="null"/>.</summary>
    public FormatDefinition? FindByName(string? name)
    {
        foreach (var format in _formats)
        {
            if (string.Equals(format.Name, name, StringComparison.OrdinalIgnoreCase))
            {
                return format;
            }
        }

        return null;
    }
}
