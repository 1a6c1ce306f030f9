using FastFormatters.Diagnostics;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Options;

namespace FastFormatters.Negotiation;

/// <summary>
/// The one place a response's format is decided, for MVC results and minimal-API results alike. It adds
/// <c>Vary: Accept</c>; reads the client's preference (the <c>?format=</c> override when
/// <see cref="FastFormattersOptions.FormatQueryParameter"/> is set and names a format, else <c>Accept</c>, parsed once
/// per distinct value; an unparsable one is logged and counts as absent); orders the caller's candidates by RFC 9110
/// (<see cref="MediaTypeSelector"/>); takes the first the caller can write; when none is acceptable, answers 406 if
/// asked to and the client stated a preference, else falls back to the first writable candidate (RFC 9110 allows
/// either); and records the outcome for diagnostics. The callers differ only in their candidates and in how they
/// check one (MVC asks its formatters' <c>CanWriteResult</c>).
/// </summary>
internal sealed class ResponseNegotiation
{
    private readonly FormatRegistry _registry;
    private readonly AcceptHeaderCache _acceptHeaders = new();
    private readonly string? _formatQueryParameter;
    private readonly ILogger _logger;

    public ResponseNegotiation(IOptions<FastFormattersOptions> options, FormatRegistry registry, ILogger<ResponseNegotiation> logger)
    {
        _registry = registry;
        _formatQueryParameter = options.Value.FormatQueryParameter;
        ReturnHttpNotAcceptable = options.Value.ReturnHttpNotAcceptable;
        _logger = logger;
    }

    /// <summary>Whether <see cref="FastFormattersOptions.ReturnHttpNotAcceptable"/> is on (MVC also honours its own option).</summary>
    public bool ReturnHttpNotAcceptable { get; }

    /// <summary>Whether a candidate can carry the value; <paramref name="state"/> may remember what it found.</summary>
    public delegate bool CandidateCheck<TState>(ref TState state, string mediaType);

    /// <summary>Negotiates one response among <paramref name="candidates"/>.</summary>
    /// <param name="httpContext">The request, and the response that gets <c>Vary: Accept</c>.</param>
    /// <param name="candidates">The media types the response could have, in the server's order of preference.</param>
    /// <param name="state">Passed to <paramref name="canWrite"/>.</param>
    /// <param name="canWrite">Whether a candidate can carry the value.</param>
    /// <param name="notAcceptableAllowed">Whether a 406 may be answered (off for errors, which always go out).</param>
    /// <param name="metrics">Where the outcome is recorded; null for responses not counted (the diagnostics' own).</param>
    public ResponseChoice Choose<TState>(
        HttpContext httpContext,
        ResponseCandidates candidates,
        ref TState state,
        CandidateCheck<TState> canWrite,
        bool notAcceptableAllowed,
        FormatterMetrics? metrics)
    {
        VaryHeader.AddAccept(httpContext.Response.Headers);
        var ranges = ReadPreference(httpContext.Request);

        Span<int> order = candidates.Count <= 64 ? stackalloc int[candidates.Count] : new int[candidates.Count];
        int acceptable = candidates.OrderByPreference(ranges, order);
        for (int i = 0; i < acceptable; i++)
        {
            if (canWrite(ref state, candidates.Text[order[i]]))
            {
                metrics?.RecordNegotiation(ranges.IsEmpty ? NegotiationRecord.Default : NegotiationRecord.Negotiated);
                return ResponseChoice.Chosen(order[i]);
            }
        }

        if (!notAcceptableAllowed || ranges.IsEmpty)
        {
            for (int i = 0; i < candidates.Count; i++)
            {
                if (canWrite(ref state, candidates.Text[i]))
                {
                    metrics?.RecordNegotiation(NegotiationRecord.FellBackToDefault);
                    return ResponseChoice.Chosen(i);
                }
            }

            return ResponseChoice.None;
        }

        // The 406 itself is recorded when it is written (NotAcceptableResponse).
        var writable = new List<string>(candidates.Count);
        foreach (string mediaType in candidates.Text)
        {
            if (canWrite(ref state, mediaType))
            {
                writable.Add(mediaType);
            }
        }

        return ResponseChoice.NotAcceptable([.. writable]);
    }

    /// <summary>
    /// The candidate the client prefers among those it accepts, or -1 when it accepts none; without adding
    /// <c>Vary</c> or recording anything (for a writer deciding whether a response is its to write).
    /// </summary>
    public int Prefer(HttpRequest request, ResponseCandidates candidates)
    {
        var ranges = ReadPreference(request);
        Span<int> order = candidates.Count <= 64 ? stackalloc int[candidates.Count] : new int[candidates.Count];
        return candidates.OrderByPreference(ranges, order) > 0 ? order[0] : -1;
    }

    private ReadOnlySpan<MediaRange> ReadPreference(HttpRequest request)
    {
        if (_formatQueryParameter is not null && _registry.FindByName(request.Query[_formatQueryParameter]) is { } format)
        {
            return _acceptHeaders.Parse(format.CanonicalMediaType, out _);
        }

        var ranges = _acceptHeaders.Parse(request.Headers.Accept, out bool malformed);
        if (malformed)
        {
            Mvc.FormatterLog.AcceptHeaderIgnored(_logger, request.Headers.Accept.ToString());
        }

        return ranges;
    }
}
