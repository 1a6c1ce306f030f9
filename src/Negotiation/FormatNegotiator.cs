using System.Collections.Concurrent;
using Microsoft.Extensions.Primitives;

namespace FastFormatters.Negotiation;

/// <summary>
/// Chooses the response format for a request from its <c>Accept</c> header, among the concrete media types of a
/// <see cref="FormatRegistry"/>, by the rules of <see cref="MediaTypeSelector"/>. Results are cached per distinct
/// header value (clients send few distinct values), so a repeated header is neither parsed again nor allocates.
/// </summary>
internal sealed class FormatNegotiator
{
    private const int MaxCachedHeaders = 512;

    private readonly ParsedMediaType[] _candidates;
    private readonly int[] _groups;
    private readonly FormatDefinition[] _owners;
    private readonly ConcurrentDictionary<string, NegotiationResult> _cache = new(StringComparer.Ordinal);

    /// <summary>Creates a negotiator over the formats of <paramref name="registry"/>.</summary>
    public FormatNegotiator(FormatRegistry registry)
    {
        ArgumentNullException.ThrowIfNull(registry);
        Registry = registry;
        var candidates = new List<ParsedMediaType>();
        var groups = new List<int>();
        var owners = new List<FormatDefinition>();
        for (int group = 0; group < registry.Formats.Count; group++)
        {
            var format = registry.Formats[group];
            foreach (var mediaType in format.ParsedMediaTypes)
            {
                // A response is labelled with a concrete type, never a range such as application/*+json.
                if (!mediaType.IsRange)
                {
                    candidates.Add(mediaType);
                    groups.Add(group);
                    owners.Add(format);
                }
            }
        }

        _candidates = [.. candidates];
        _groups = [.. groups];
        _owners = [.. owners];
    }

    /// <summary>The concrete media types a response can have, in preference order when the client states none.</summary>
    public IEnumerable<string> CandidateMediaTypes => _candidates.Select(candidate => candidate.ToString());

    /// <summary>The formats negotiated among.</summary>
    public FormatRegistry Registry { get; }

    /// <summary>The result for a request with no usable <c>Accept</c> header.</summary>
    public NegotiationResult Default => new(Registry.Default, Registry.Default.CanonicalMediaType, NegotiationOutcome.Default);

    /// <summary>Chooses the format for the given <c>Accept</c> header values.</summary>
    public NegotiationResult Negotiate(StringValues accept)
    {
        if (StringValues.IsNullOrEmpty(accept))
        {
            return Default;
        }

        string key = accept.Count == 1 ? accept[0]! : accept.ToString();
        if (_cache.TryGetValue(key, out var cached))
        {
            return cached;
        }

        var result = NegotiateUncached(accept);
        if (_cache.Count >= MaxCachedHeaders)
        {
            // Many distinct headers (a client sending junk): start over rather than stop caching for everyone.
            _cache.Clear();
        }

        _cache.TryAdd(key, result);

        return result;
    }

    /// <summary>The result of a <c>?format=</c> override naming <paramref name="formatName"/>, or <see langword="null"/> when no format has that name.</summary>
    public NegotiationResult? ForFormatName(string? formatName)
        => Registry.FindByName(formatName) is { } format ? new(format, format.CanonicalMediaType, NegotiationOutcome.Negotiated) : null;

    private NegotiationResult NegotiateUncached(StringValues accept)
    {
        var ranges = new List<MediaRange>();
        if (!AcceptHeader.TryParse(accept, ranges) || ranges.Count == 0)
        {
            return Default;
        }

        Span<int> order = _candidates.Length <= 64 ? stackalloc int[_candidates.Length] : new int[_candidates.Length];
        int acceptable = MediaTypeSelector.Order(_candidates, _groups, System.Runtime.InteropServices.CollectionsMarshal.AsSpan(ranges), order);
        int chosen = acceptable == 0 ? -1 : order[0];
        return chosen < 0
            ? new NegotiationResult(null, null, NegotiationOutcome.NotAcceptable)
            : new NegotiationResult(_owners[chosen], _candidates[chosen].ToString(), NegotiationOutcome.Negotiated);
    }
}
