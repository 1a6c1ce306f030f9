using FastFormatters.MessagePack;
using FastFormatters.Serialization;
using FastFormatters.Diagnostics;
using Microsoft.Extensions.Logging;

namespace FastFormatters.Mvc;

/// <summary>Writes MessagePack responses (<c>application/x-msgpack</c>, <c>application/msgpack</c>, <c>application/vnd.msgpack</c>).</summary>
public sealed class FastMessagePackOutputFormatter : FastOutputFormatter
{
    internal FastMessagePackOutputFormatter(MessagePackFormatSerializer format, int flushThreshold, FormatterMetrics metrics, ILogger<FastMessagePackOutputFormatter> logger)
        : base(format, null, flushThreshold, metrics, logger)
    {
    }

    /// <inheritdoc />
    /// <remarks>
    /// With the LZ4-compressed responses a request may ask for, for the FastFormatters OpenAPI packages: API descriptions
    /// keep MessagePack's media types out of sight of generators left to themselves.
    /// </remarks>
    public override IReadOnlyList<string>? GetSupportedContentTypes(string? contentType, Type objectType)
    {
        var supported = base.GetSupportedContentTypes(contentType, objectType);
        return supported is null || !string.IsNullOrEmpty(contentType) ? supported : [.. supported, .. MessagePackCompressionRequest.CompressedMediaTypes];
    }
}
