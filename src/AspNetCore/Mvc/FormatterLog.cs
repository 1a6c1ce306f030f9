using Microsoft.Extensions.Logging;

namespace FastFormatters.Mvc;

/// <summary>The formatters' log messages, generated at compile time so disabled levels cost nothing.</summary>
internal static partial class FormatterLog
{
    [LoggerMessage(1, LogLevel.Debug, "The {Format} input formatter rejected the request body at byte {BytePosition}, path {Path}: {Reason}")]
    public static partial void BodyRejected(ILogger logger, string format, long bytePosition, string path, string reason);

    [LoggerMessage(2, LogLevel.Debug, "The client went away while the {Format} output formatter was writing the response.")]
    public static partial void ResponseAborted(ILogger logger, string format);

    [LoggerMessage(3, LogLevel.Debug, "The Accept header '{Accept}' is malformed and is treated as absent.")]
    public static partial void AcceptHeaderIgnored(ILogger logger, string accept);
}
