using FastFormatters.Json;
using FastFormatters.Diagnostics;
using Microsoft.Extensions.Logging;

namespace FastFormatters.Mvc;

/// <summary>
/// Reads JSON request bodies strictly (RFC 8259): malformed JSON, a value of the wrong type, trailing data, invalid
/// UTF-8 or nesting deeper than the JSON contract allows (MVC's JsonOptions MaxDepth) is a 400.
/// </summary>
public sealed class FastJsonInputFormatter : FastInputFormatter
{
    internal FastJsonInputFormatter(JsonFormatSerializer format, Microsoft.AspNetCore.Mvc.JsonOptions mvcJsonOptions, FormatterMetrics metrics, ILogger<FastJsonInputFormatter> logger)
        : base(format, mvcJsonOptions, metrics, logger)
    {
    }
}
