using FastFormatters.Negotiation;
using Microsoft.Extensions.Primitives;

namespace FastFormatters.Negotiation;

/// <summary>
/// One app's parsed <c>Accept</c> headers, by header value: a repeated header (clients send a handful) is neither parsed
/// again nor allocates. Up to 512 distinct values are kept; past that (a client sending junk) it starts over rather than
/// stop caching for everyone.
/// </summary>
internal sealed class AcceptHeaderCache
{
    private const int MaxCachedHeaders = 512;
    private readonly System.Collections.Concurrent.ConcurrentDictionary<string, MediaRange[]?> _byValue = new(StringComparer.Ordinal);

    /// <summary>Parses the header as <see cref="AcceptHeader.TryParse"/> does; the returned array is shared and never changed.</summary>
    /// <param name="values">The header values.</param>
    /// <param name="malformed">Whether the header was present but unparsable (the result is then empty).</param>
    public ReadOnlySpan<MediaRange> Parse(StringValues values, out bool malformed)
    {
        malformed = false;
        if (StringValues.IsNullOrEmpty(values))
        {
            return [];
        }

        string key = values.Count == 1 ? values[0]! : values.ToString();
        if (!_byValue.TryGetValue(key, out var ranges))
        {
            var parsed = new List<MediaRange>();
            ranges = AcceptHeader.TryParse(values, parsed) ? [.. parsed] : null;
            if (_byValue.Count >= MaxCachedHeaders)
            {
                _byValue.Clear();
            }

            _byValue.TryAdd(key, ranges);
        }

        malformed = ranges is null;
        return ranges ?? [];
    }
}
