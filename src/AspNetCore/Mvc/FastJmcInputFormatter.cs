using FastFormatters.Jmc;
using FastFormatters.Diagnostics;
using Microsoft.Extensions.Logging;

namespace FastFormatters.Mvc;

/// <summary>
/// Reads JMC1 request bodies (<c>application/jsonc</c>) with the JSON rules, using the length comments to pre-size
/// collections and find string ends, and checking every count against the data: a missing header, a count that
/// disagrees or runs past the end is a 400.
/// </summary>
public sealed class FastJmcInputFormatter : FastInputFormatter
{
    internal FastJmcInputFormatter(JmcFormatSerializer format, Microsoft.AspNetCore.Mvc.JsonOptions mvcJsonOptions, FormatterMetrics metrics, ILogger<FastJmcInputFormatter> logger)
        : base(format, mvcJsonOptions, metrics, logger)
    {
    }
}
