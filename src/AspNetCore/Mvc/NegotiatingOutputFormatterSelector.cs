using FastFormatters.Negotiation;
using FastFormatters.Serialization;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Mvc.Formatters;
using FastFormatters.Diagnostics;
using FastFormatters.Json;
using Microsoft.AspNetCore.Mvc.Infrastructure;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Options;

namespace FastFormatters.Mvc;

/// <summary>
/// Replaces MVC's <c>DefaultOutputFormatterSelector</c> so every MVC result follows RFC 9110 content negotiation:
/// weights with specificity (a more specific range decides), <c>q=0</c> excludes, a specific type beats <c>*/*</c>,
/// ties go to registration order, an unparsable <c>Accept</c> counts as absent, and <c>Vary: Accept</c> is added.
/// <c>[Produces]</c> and <c>ObjectResult.ContentTypes</c> restrict the candidates as in MVC. Problem details are
/// always writable: when nothing acceptable can write one, it goes out in the first type that can.
/// </summary>
internal sealed class NegotiatingOutputFormatterSelector : OutputFormatterSelector
{
    private readonly IList<IOutputFormatter> _formatters;
    private readonly bool _returnNotAcceptable;
    private readonly string? _formatQueryParameter;
    private readonly NotAcceptableOutputFormatter _notAcceptable;
    private readonly ILogger _logger;
    private readonly FormatRegistry _registry;
    private readonly FormatterMetrics _metrics;
    private FormatterCandidates? _defaultCandidates;

    public NegotiatingOutputFormatterSelector(
        IOptions<MvcOptions> mvcOptions,
        IOptions<FastFormattersOptions> options,
        FormatRegistry registry,
        JsonFormatSerializer json,
        FormatterMetrics metrics,
        ILogger<NegotiatingOutputFormatterSelector> logger)
    {
        _metrics = metrics;
        _formatters = mvcOptions.Value.OutputFormatters;
        _returnNotAcceptable = mvcOptions.Value.ReturnHttpNotAcceptable || options.Value.ReturnHttpNotAcceptable;
        _formatQueryParameter = options.Value.FormatQueryParameter;
        _registry = registry;
        _notAcceptable = new NotAcceptableOutputFormatter(json, options.Value.ResponseFlushThreshold, metrics);
        _logger = logger;
    }

    public override IOutputFormatter? SelectFormatter(OutputFormatterCanWriteContext context, IList<IOutputFormatter> formatters, MediaTypeCollection contentTypes)
    {
        ArgumentNullException.ThrowIfNull(context);
        if (formatters.Count == 0)
        {
            formatters = _formatters;
        }

        var httpContext = context.HttpContext;
        VaryHeader.AddAccept(httpContext.Response.Headers);
        bool serverDefined = contentTypes.Count > 0;
        var candidates = serverDefined ? FormatterCandidates.From(contentTypes) : GetDefaultCandidates(formatters);
        var ranges = GetRanges(httpContext.Request);

        Span<int> order = candidates.Count <= 64 ? stackalloc int[candidates.Count] : new int[candidates.Count];
        int acceptable = candidates.OrderByPreference(ranges, order);
        for (int i = 0; i < acceptable; i++)
        {
            if (TrySelect(context, formatters, candidates.Text[order[i]], serverDefined) is { } chosen)
            {
                _metrics.RecordNegotiation(ranges.IsEmpty ? NegotiationRecord.Default : NegotiationRecord.Negotiated);
                return chosen;
            }
        }

        if (context.Object is null or ProblemDetails || !_returnNotAcceptable || ranges.IsEmpty)
        {
            // Not acceptable, but RFC 9110 lets a server send its default rather than 406; errors always go out, and
            // nothing (204 from MVC's no-content formatter) as well.
            for (int i = 0; i < candidates.Count; i++)
            {
                if (TrySelect(context, formatters, candidates.Text[i], serverDefined) is { } fallback)
                {
                    _metrics.RecordNegotiation(NegotiationRecord.FellBackToDefault);
                    return fallback;
                }
            }

            return null;
        }

        NotAcceptableOutputFormatter.Prepare(httpContext, WritableTypes(context, formatters, candidates, serverDefined));
        return _notAcceptable;
    }

    private ReadOnlySpan<MediaRange> GetRanges(HttpRequest request)
    {
        if (_formatQueryParameter is not null && _registry.FindByName(request.Query[_formatQueryParameter]) is { } format)
        {
            return AcceptHeader.ParseCached(format.CanonicalMediaType, out _);
        }

        var ranges = AcceptHeader.ParseCached(request.Headers.Accept, out bool malformed);
        if (malformed)
        {
            FormatterLog.AcceptHeaderIgnored(_logger, request.Headers.Accept.ToString());
        }

        return ranges;
    }

    // The media types some formatter could have written this value in: what a 406 lists.
    private static string[] WritableTypes(OutputFormatterCanWriteContext context, IList<IOutputFormatter> formatters, FormatterCandidates candidates, bool serverDefined)
    {
        var writable = new List<string>(candidates.Count);
        foreach (var mediaType in candidates.Text)
        {
            if (TrySelect(context, formatters, mediaType, serverDefined) is not null)
            {
                writable.Add(mediaType);
            }
        }

        return [.. writable];
    }

    private static IOutputFormatter? TrySelect(OutputFormatterCanWriteContext context, IList<IOutputFormatter> formatters, string mediaType, bool serverDefined)
    {
        foreach (var formatter in formatters)
        {
            context.ContentType = mediaType;
            context.ContentTypeIsServerDefined = serverDefined;
            if (formatter.CanWriteResult(context))
            {
                return formatter;
            }
        }

        return null;
    }

    // The options' formatters do not change once the app runs; their candidates are computed once (a race only
    // computes the same list twice).
    private FormatterCandidates GetDefaultCandidates(IList<IOutputFormatter> formatters)
        => ReferenceEquals(formatters, _formatters)
            ? _defaultCandidates ??= FormatterCandidates.From(formatters)
            : FormatterCandidates.From(formatters);
}
