using System.Collections.Concurrent;
using FastFormatters.Buffers;
using FastFormatters.Json;
using FastFormatters.Serialization;
using Microsoft.AspNetCore.Mvc.Formatters;
using Microsoft.Extensions.Logging;

namespace FastFormatters.Mvc;

/// <summary>
/// Writes JSON responses. The value is serialized into pooled buffers sized from a running estimate for its type, then
/// copied into the response <see cref="System.IO.Pipelines.PipeWriter"/> in flushed chunks: no <see cref="MemoryStream"/>,
/// no synchronous I/O, and a failure while serializing leaves nothing on the wire.
/// </summary>
public sealed class FastJsonOutputFormatter : OutputFormatter
{
    private readonly FastSerializer _serializer;
    private readonly ILogger _logger;
    private readonly ConcurrentDictionary<Type, SizeEstimate> _sizeEstimates = new();

    internal FastJsonOutputFormatter(FastSerializer serializer, ILogger<FastJsonOutputFormatter> logger)
    {
        _serializer = serializer;
        _logger = logger;
        foreach (var mediaType in JsonFormat.Definition.MediaTypes)
        {
            SupportedMediaTypes.Add(mediaType);
        }
    }

    /// <inheritdoc />
    public override void WriteResponseHeaders(OutputFormatterWriteContext context)
    {
        ArgumentNullException.ThrowIfNull(context);
        context.ContentType = MediaTypeText.WithUtf8Charset(context.ContentType);
        base.WriteResponseHeaders(context);
    }

    /// <inheritdoc />
    public override async Task WriteResponseBodyAsync(OutputFormatterWriteContext context)
    {
        ArgumentNullException.ThrowIfNull(context);
        var httpContext = context.HttpContext;
        var type = context.Object?.GetType() ?? context.ObjectType ?? typeof(object);
        var sizeEstimate = _sizeEstimates.GetOrAdd(type, static _ => new SizeEstimate());
        using var payload = new PooledBufferWriter(sizeEstimate.NextRentSize);
        _serializer.SerializeJson(payload, context.Object, type);
        sizeEstimate.Record(payload.WrittenCount);
        try
        {
            await ResponseBodyWriter.WriteAsync(httpContext.Response, payload, _serializer.Settings.ResponseFlushThreshold, httpContext.RequestAborted);
        }
        catch (OperationCanceledException) when (httpContext.RequestAborted.IsCancellationRequested)
        {
            FormatterLog.ResponseAborted(_logger, JsonFormat.Name);
        }
    }

    /// <inheritdoc />
    /// <remarks>A null value with no declared type is written as <c>null</c>.</remarks>
    protected override bool CanWriteType(Type? type) => type is null || _serializer.Resolver.CanWrite(type);
}
