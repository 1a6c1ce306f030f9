using FastFormatters.MessagePack;
using FastFormatters.Diagnostics;
using Microsoft.Extensions.Logging;

namespace FastFormatters.Mvc;

/// <summary>
/// Reads MessagePack request bodies as untrusted data: no length or count is trusted, strings must be valid UTF-8,
/// nesting is limited (<see cref="MessagePackOptions.MaxDepth"/>), trailing bytes are an error, and no type is ever
/// chosen by the payload. Rejected input is a 400.
/// </summary>
public sealed class FastMessagePackInputFormatter : FastInputFormatter
{
    internal FastMessagePackInputFormatter(MessagePackFormatSerializer format, Microsoft.AspNetCore.Mvc.JsonOptions mvcJsonOptions, FormatterMetrics metrics, ILogger<FastMessagePackInputFormatter> logger)
        : base(format, mvcJsonOptions, metrics, logger)
    {
    }
}
