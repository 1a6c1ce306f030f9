using FastFormatters.Negotiation;
using Microsoft.AspNetCore.Mvc.Formatters;

namespace FastFormatters.Mvc;

/// <summary>
/// The media types a response could be written in, in preference order when the client has none: the concrete types
/// of the output formatters in their order, or the server-defined content types of <c>[Produces]</c>.
/// </summary>
internal static class FormatterCandidates
{
    /// <summary>Server-defined content types: each its own group, as <c>[Produces]</c> lists formats, not aliases.</summary>
    public static ResponseCandidates From(MediaTypeCollection contentTypes) => new([.. contentTypes], [.. Enumerable.Range(0, contentTypes.Count)]);

    public static ResponseCandidates From(IList<IOutputFormatter> formatters)
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
                if (ParsedMediaType.TryParse(mediaType, out var parsed) && !parsed.IsRange
                    && !texts.Exists(existing => string.Equals(existing, mediaType, StringComparison.OrdinalIgnoreCase)))
                {
                    texts.Add(mediaType);
                    groups.Add(group);
                }
            }
        }

        return new ResponseCandidates(texts, groups);
    }
}
