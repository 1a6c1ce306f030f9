using System.Text;
using FastFormatters.Json;
using FastFormatters.Diagnostics;
using Microsoft.Extensions.Logging;

namespace FastFormatters.Mvc;

/// <summary>
/// Writes JSON responses (<c>application/json</c>, <c>text/json</c>, <c>application/*+json</c>): UTF-8, or another of
/// <see cref="SupportedEncodings"/> chosen as MVC's System.Text.Json output formatter chooses it.
/// </summary>
public sealed class FastJsonOutputFormatter : FastOutputFormatter
{
    internal FastJsonOutputFormatter(JsonFormatSerializer format, List<Encoding> supportedEncodings, int flushThreshold, FormatterMetrics metrics, ILogger<FastJsonOutputFormatter> logger)
        : base(format, supportedEncodings, flushThreshold, metrics, logger)
    {
        SupportedEncodings = supportedEncodings;
    }

    /// <summary>
    /// The character encodings a response may be written in, as MVC's <c>TextOutputFormatter.SupportedEncodings</c>:
    /// the first is the default, and the others are used when the request's <c>Accept-Charset</c> or the negotiated
    /// content type's charset names them. It starts as a copy of the System.Text.Json output formatter's (UTF-8, then
    /// UTF-16, unless the app changed them). The body is written in UTF-8 and transcoded to any other; a character an
    /// encoding lacks is written as a JSON escape (<c>\uXXXX</c>).
    /// </summary>
    public IList<Encoding> SupportedEncodings { get; }
}
