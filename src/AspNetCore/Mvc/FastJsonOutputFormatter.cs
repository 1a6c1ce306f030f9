using FastFormatters.Json;
using FastFormatters.Serialization;
using FastFormatters.Diagnostics;
using Microsoft.Extensions.Logging;

namespace FastFormatters.Mvc;

/// <summary>Writes JSON responses (<c>application/json</c>, <c>text/json</c>, <c>application/*+json</c>), always UTF-8.</summary>
public sealed class FastJsonOutputFormatter : FastOutputFormatter
{
    internal FastJsonOutputFormatter(JsonFormatSerializer format, int flushThreshold, FormatterMetrics metrics, ILogger<FastJsonOutputFormatter> logger)
        : base(format, flushThreshold, metrics, logger)
    {
    }
}
