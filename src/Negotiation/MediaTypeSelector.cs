namespace FastFormatters.Negotiation;

/// <summary>
/// Orders the media types a server can produce by a client's <c>Accept</c> ranges (RFC 9110 §12.5.1). A media type's
/// weight is that of the most specific range that matches it, so <c>application/*;q=0.2, application/msgpack</c>
/// weighs msgpack 1 and other application types 0.2. Higher weight first; on a tie, the type named by the more
/// specific range, then the earlier candidate (the application's registration order).
/// </summary>
/// <remarks>
/// Candidates are grouped by format (the aliases of one format share a group). A client that names one alias with
/// <c>q=0</c>, and no alias of the format with a positive weight, refuses the format: <c>*/*, application/json;q=0</c>
/// gets no JSON at all, not <c>text/json</c>.
/// </remarks>
public static class MediaTypeSelector
{
    // A range at least this specific names a media type exactly (type/subtype, with or without parameters).
    private const int NamesTypeExactly = 3;

    /// <summary>The weight and specificity of <paramref name="candidate"/> under <paramref name="accept"/>.</summary>
    /// <returns>The weight in thousandths (0 when no range matches or the match has <c>q=0</c>), and the specificity of the deciding range (-1 when none matched).</returns>
    public static (int Quality, int Specificity) Evaluate(ParsedMediaType candidate, ReadOnlySpan<MediaRange> accept)
    {
        int quality = 0;
        int specificity = -1;
        foreach (var range in accept)
        {
            // Among equally specific matching ranges the first one counts.
            if (range.Specificity > specificity && candidate.IsSubsetOf(range.MediaType))
            {
                quality = range.Quality;
                specificity = range.Specificity;
            }
        }

        return (quality, specificity);
    }

    /// <summary>
    /// Fills <paramref name="order"/> with the indexes of the acceptable candidates, most preferred first. With no
    /// ranges (no, or an unparsable, <c>Accept</c>) every candidate is acceptable, in candidate order.
    /// </summary>
    /// <param name="candidates">The media types that can be produced, in registration order.</param>
    /// <param name="groups">For each candidate, its format: candidates with the same number are aliases of one format.</param>
    /// <param name="accept">The client's ranges.</param>
    /// <param name="order">Receives the indexes; at least as long as <paramref name="candidates"/>.</param>
    /// <returns>How many candidates are acceptable.</returns>
    public static int Order(ReadOnlySpan<ParsedMediaType> candidates, ReadOnlySpan<int> groups, ReadOnlySpan<MediaRange> accept, Span<int> order)
    {
        if (groups.Length != candidates.Length || order.Length < candidates.Length)
        {
            throw new ArgumentException("Each candidate needs a group and a place in the order.");
        }

        int count = candidates.Length;
        if (accept.IsEmpty)
        {
            for (int i = 0; i < count; i++)
            {
                order[i] = i;
            }

            return count;
        }

        Span<int> quality = count <= 64 ? stackalloc int[count] : new int[count];
        Span<int> specificity = count <= 64 ? stackalloc int[count] : new int[count];
        for (int i = 0; i < count; i++)
        {
            (quality[i], specificity[i]) = Evaluate(candidates[i], accept);
        }

        int acceptable = 0;
        for (int i = 0; i < count; i++)
        {
            if (quality[i] > 0 && !IsFormatRefused(groups, quality, specificity, groups[i]))
            {
                order[acceptable++] = i;
            }
        }

        // A stable insertion sort: few candidates, and equal ones keep their registration order.
        for (int i = 1; i < acceptable; i++)
        {
            int key = order[i];
            int j = i - 1;
            while (j >= 0 && (quality[key] > quality[order[j]] || (quality[key] == quality[order[j]] && specificity[key] > specificity[order[j]])))
            {
                order[j + 1] = order[j];
                j--;
            }

            order[j + 1] = key;
        }

        return acceptable;
    }

    // Refused: one alias is named with q=0 and none is named with a positive weight.
    private static bool IsFormatRefused(ReadOnlySpan<int> groups, ReadOnlySpan<int> quality, ReadOnlySpan<int> specificity, int group)
    {
        bool refused = false;
        for (int i = 0; i < groups.Length; i++)
        {
            if (groups[i] == group && specificity[i] >= NamesTypeExactly)
            {
                if (quality[i] > 0)
                {
                    return false;
                }

                refused = true;
            }
        }

        return refused;
    }
}
