namespace FastFormatters.Negotiation;

/// <summary>
/// The media types a response could be written in, in the server's order of preference (what a client with no
/// preference gets), each with its group: the aliases of one format share a group, so a tie between them goes to the
/// first (see <see cref="MediaTypeSelector.Order"/>). MVC builds them from its output formatters or <c>[Produces]</c>
/// (<c>Mvc/FormatterCandidates.cs</c>); minimal APIs from the format registry.
/// </summary>
internal sealed class ResponseCandidates
{
    private readonly ParsedMediaType[] _parsed;
    private readonly int[] _groups;

    public ResponseCandidates(List<string> texts, List<int> groups)
    {
        Text = [.. texts];
        _groups = [.. groups];
        _parsed = new ParsedMediaType[Text.Length];
        for (int i = 0; i < Text.Length; i++)
        {
            ParsedMediaType.TryParse(Text[i], out _parsed[i]);
        }
    }

    public string[] Text { get; }

    public int Count => Text.Length;

    /// <summary>The group of candidate <paramref name="index"/>: the index of its format (or formatter) in the list it came from.</summary>
    public int GroupOf(int index) => _groups[index];

    /// <summary>The concrete media types of the registry's formats, default format first.</summary>
    public static ResponseCandidates From(FormatRegistry registry)
    {
        var texts = new List<string>();
        var groups = new List<int>();
        for (int group = 0; group < registry.Formats.Count; group++)
        {
            foreach (var mediaType in registry.Formats[group].ParsedMediaTypes)
            {
                // A response is labelled with a concrete type, never a range such as application/*+json.
                if (!mediaType.IsRange)
                {
                    texts.Add(mediaType.ToString());
                    groups.Add(group);
                }
            }
        }

        return new ResponseCandidates(texts, groups);
    }

    /// <summary>Fills <paramref name="order"/> with the acceptable candidates, most preferred first (see <see cref="MediaTypeSelector.Order"/>).</summary>
    /// <returns>How many candidates are acceptable.</returns>
    public int OrderByPreference(ReadOnlySpan<MediaRange> ranges, Span<int> order) => MediaTypeSelector.Order(_parsed, _groups, ranges, order);
}
