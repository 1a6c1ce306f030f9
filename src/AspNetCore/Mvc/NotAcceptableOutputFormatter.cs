using FastFormatters.Diagnostics;
using FastFormatters.Negotiation;
using FastFormatters.Serialization;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc.Formatters;

namespace FastFormatters.Mvc;

/// <summary>
/// Handed out by the negotiating selector, in place of the result's own formatter, when nothing the client accepts can
/// be written: it answers 406 with a problem body instead of the value.
/// </summary>
internal sealed class NotAcceptableOutputFormatter : IOutputFormatter
{
    private static readonly object s_supportedKey = new();
    private readonly FormatSerializer _json;
    private readonly int _flushThreshold;
    private readonly FormatterMetrics _metrics;

    public NotAcceptableOutputFormatter(FormatSerializer json, int flushThreshold, FormatterMetrics metrics)
    {
        _json = json;
        _metrics = metrics;
        _flushThreshold = flushThreshold;
    }

    /// <summary>Remembers, for this request, the media types to list.</summary>
    public static void Prepare(HttpContext httpContext, string[] supported) => httpContext.Items[s_supportedKey] = supported;

    public bool CanWriteResult(OutputFormatterCanWriteContext context) => true;

    public Task WriteAsync(OutputFormatterWriteContext context)
        => NotAcceptableResponse.WriteAsync(context.HttpContext, _json, context.HttpContext.Items[s_supportedKey] as string[] ?? [], _flushThreshold, _metrics);
}
