using FastFormatters.Diagnostics;
using FastFormatters.Negotiation;
using FastFormatters.Serialization;
using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Mvc.Formatters;
using Microsoft.AspNetCore.Mvc.Infrastructure;
using Microsoft.Extensions.Options;

namespace FastFormatters.Mvc;

/// <summary>
/// Replaces MVC's <c>DefaultOutputFormatterSelector</c> so every MVC result is negotiated by
/// <see cref="ResponseNegotiation"/>, as minimal-API results are: RFC 9110's rules, <c>?format=</c>, <c>Vary</c>,
/// fallback or 406, diagnostics. What is MVC's own: the candidates are the media types of MVC's output formatters, or of
/// <c>[Produces]</c>/<c>ObjectResult.ContentTypes</c>, and a candidate is writable when a formatter's
/// <c>CanWriteResult</c> says so. Problem details and empty results are never 406: when nothing acceptable can write
/// one, it goes out in the first type that can. 406 applies when MVC's or FastFormatters' <c>ReturnHttpNotAcceptable</c> is on.
/// </summary>
internal sealed class NegotiatingOutputFormatterSelector : OutputFormatterSelector
{
    private readonly IList<IOutputFormatter> _formatters;
    private readonly bool _returnNotAcceptable;
    private readonly ResponseNegotiation _negotiation;
    private readonly NotAcceptableOutputFormatter _notAcceptable;
    private readonly FormatterMetrics _metrics;
    private ResponseCandidates? _defaultCandidates;

    public NegotiatingOutputFormatterSelector(
        IOptions<MvcOptions> mvcOptions,
        IOptions<FastFormattersOptions> options,
        ResponseNegotiation negotiation,
        FormatSerializers formats,
        FormatterMetrics metrics)
    {
        _metrics = metrics;
        _formatters = mvcOptions.Value.OutputFormatters;
        _negotiation = negotiation;
        _returnNotAcceptable = mvcOptions.Value.ReturnHttpNotAcceptable || negotiation.ReturnHttpNotAcceptable;
        _notAcceptable = new NotAcceptableOutputFormatter(formats.Json, options.Value.ResponseFlushThreshold, metrics);
    }

    public override IOutputFormatter? SelectFormatter(OutputFormatterCanWriteContext context, IList<IOutputFormatter> formatters, MediaTypeCollection contentTypes)
    {
        ArgumentNullException.ThrowIfNull(context);
        if (formatters.Count == 0)
        {
            formatters = _formatters;
        }

        bool serverDefined = contentTypes.Count > 0;
        var candidates = serverDefined ? FormatterCandidates.From(contentTypes) : GetDefaultCandidates(formatters);
        var state = new Selection(context, formatters, serverDefined);

        // Errors always go out (in the first type that can write them), and nothing (204 from MVC's no-content formatter) as well.
        var choice = _negotiation.Choose(
            context.HttpContext, candidates, ref state, static (ref Selection s, string mediaType) => s.TrySelect(mediaType),
            notAcceptableAllowed: _returnNotAcceptable && context.Object is not (null or ProblemDetails), _metrics);
        if (choice.IsNotAcceptable)
        {
            NotAcceptableOutputFormatter.Prepare(context.HttpContext, choice.WritableTypes!);
            return _notAcceptable;
        }

        return choice.Candidate < 0 ? null : state.Chosen;
    }

    // The options' formatters do not change once the app runs; their candidates are computed once (a race only
    // computes the same list twice).
    private ResponseCandidates GetDefaultCandidates(IList<IOutputFormatter> formatters)
        => ReferenceEquals(formatters, _formatters)
            ? _defaultCandidates ??= FormatterCandidates.From(formatters)
            : FormatterCandidates.From(formatters);

    /// <summary>The first formatter that can write the result in a media type, asked as MVC asks them.</summary>
    private struct Selection(OutputFormatterCanWriteContext context, IList<IOutputFormatter> formatters, bool serverDefined)
    {
        public IOutputFormatter? Chosen;

        public bool TrySelect(string mediaType)
        {
            // By index: a foreach over the interface would box an enumerator on every response.
            for (int i = 0; i < formatters.Count; i++)
            {
                var formatter = formatters[i];
                context.ContentType = mediaType;
                context.ContentTypeIsServerDefined = serverDefined;
                if (formatter.CanWriteResult(context))
                {
                    Chosen = formatter;
                    return true;
                }
            }

            Chosen = null;
            return false;
        }
    }
}
