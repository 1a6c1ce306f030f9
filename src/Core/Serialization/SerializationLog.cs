using Microsoft.Extensions.Logging;

namespace FastFormatters.Serialization;

/// <summary>The serializers' log messages, generated at compile time so disabled levels cost nothing.</summary>
internal static partial class SerializationLog
{
    [LoggerMessage(20, LogLevel.Information, "JSON for {Type} is written and read by System.Text.Json, not FastFormatters' converters, because {Reason}.")]
    public static partial void ServedBySystemTextJson(ILogger logger, Type type, string reason);
}
