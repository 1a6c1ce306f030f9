using FastFormatters.Negotiation;
using Microsoft.AspNetCore.Mvc.Formatters;
using NegotiationMediaType = FastFormatters.Negotiation.MediaType;

namespace FastFormatters.Mvc;

/// <summary>
/// The media types a response could be written in, in preference order when the client has none: the concrete types
/// of the output formatters in their order, or the server-defined content types of <c>[Produces]</c>.
/// </summary>
internal sealed class FormatterCandidates
{
    private readonly NegotiationMediaType[] _parsed;
    private readonly int[] _groups;

    private FormatterCandidates(List<string> texts, List<int> groups)
    {
        Text = [.. texts];
        _groups = [.. groups];
        _parsed = new NegotiationMediaType[Text.Length];
        for (int i = 0; i < Text.Length; i++)
        {
            NegotiationMediaType.TryParse(Text[i], out _parsed[i]);
        }
    }

    public string[] Text { get; }

    public int Count => Text.Length;

    /// <summary>Server-defined content types: each its own group, as <c>[Produces]</c> lists formats, not aliases.</summary>
    public static FormatterCandidates From(MediaTypeCollection contentTypes) => new([.. contentTypes], [.. Enumerable.Range(0, contentTypes.Count)]);

    public static FormatterCandidates From(IList<IOutputFormatter> formatters)
    {
        // The aliases of one formatter are one format; a type already offered by an earlier formatter stays in its group.
        var texts = new List<string>();
        var groups = new List<int>();
        for (int group = 0; group < formatters.Count; group++)
        {
            if (formatters[group] is not OutputFormatter output)
            {
                continue;
            }

            foreach (var mediaType in output.SupportedMediaTypes)
            {
                // A response is labelled with a concrete type, never a range such as application/*+json.
                if (NegotiationMediaType.TryParse(mediaType, out var parsed) && !parsed.IsRange
                    && !texts.Exists(existing => string.Equals(existing, mediaType, StringComparison.OrdinalIgnoreCase)))
                {
                    texts.Add(mediaType);
                    groups.Add(group);
                }
            }
        }

        return new FormatterCandidates(texts, groups);
    }

    /// <summary>Fills <paramref name="order"/> with the acceptable candidates, most preferred first (see <see cref="MediaTypeSelector.Order"/>).</summary>
    /// <returns>How many candidates are acceptable.</returns>
    public int OrderByPreference(ReadOnlySpan<MediaRange> ranges, Span<int> order) => MediaTypeSelector.Order(_parsed, _groups, ranges, order);
}
