using FastFormatters.Jmc;
using FastFormatters.Serialization;
using FastFormatters.Diagnostics;
using Microsoft.Extensions.Logging;

namespace FastFormatters.Mvc;

/// <summary>Writes JMC1 responses (<c>application/jsonc</c>): the JSON output with length comments, no charset.</summary>
public sealed class FastJmcOutputFormatter : FastOutputFormatter
{
    internal FastJmcOutputFormatter(JmcFormatSerializer format, int flushThreshold, FormatterMetrics metrics, ILogger<FastJmcOutputFormatter> logger)
        : base(format, null, flushThreshold, metrics, logger)
    {
    }
}
