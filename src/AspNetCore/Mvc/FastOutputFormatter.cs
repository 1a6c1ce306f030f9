using FastFormatters.Buffers;
using FastFormatters.Diagnostics;
using FastFormatters.Serialization;
using Microsoft.AspNetCore.Mvc.Formatters;
using Microsoft.Extensions.Logging;
using MvcMediaType = Microsoft.AspNetCore.Mvc.Formatters.MediaType;

namespace FastFormatters.Mvc;

/// <summary>
/// The MVC output formatter of one FastFormatters format. The value is serialized into pooled buffers sized from a
/// running estimate for its type, then copied into the response <see cref="System.IO.Pipelines.PipeWriter"/> in
/// flushed chunks: no <see cref="MemoryStream"/>, no synchronous I/O, and a failure while serializing leaves nothing
/// on the wire.
/// </summary>
public abstract class FastOutputFormatter : OutputFormatter
{
    private readonly IFormatSerializer _format;
    private readonly Utf8ContentTypes _utf8ContentTypes = new();
    private readonly int _flushThreshold;
    private readonly ILogger _logger;
    private readonly FormatterMetrics _metrics;

    private protected FastOutputFormatter(IFormatSerializer format, int flushThreshold, FormatterMetrics metrics, ILogger logger)
    {
        _format = format;
        _metrics = metrics;
        _flushThreshold = flushThreshold;
        _logger = logger;
        foreach (var mediaType in format.Definition.MediaTypes)
        {
            SupportedMediaTypes.Add(mediaType);
        }
    }

    /// <summary>The short name of the format, e.g. <c>json</c>.</summary>
    public string FormatName => _format.Definition.Name;

    /// <summary>The format this formatter writes, with MVC's JSON options.</summary>
    internal IFormatSerializer Format => _format;

    /// <inheritdoc />
    public override void WriteResponseHeaders(OutputFormatterWriteContext context)
    {
        ArgumentNullException.ThrowIfNull(context);

        // Text formats say their charset, as the framework's JSON formatter does: UTF-8 (RFC 8259 §8.1), or UTF-16 where
        // the request asks for it as that formatter honours it (ResponseCharset).
        if (_format.IsUtf8Text)
        {
            var charset = new MvcMediaType(context.ContentType).Charset;
            if (!charset.HasValue && !context.HttpContext.Request.Headers.ContainsKey(Microsoft.Net.Http.Headers.HeaderNames.AcceptCharset))
            {
                context.ContentType = _utf8ContentTypes.For(context.ContentType);
            }
            else if (ResponseCharset.Select(context) is var encoding && !charset.Equals(encoding.WebName, StringComparison.OrdinalIgnoreCase))
            {
                context.ContentType = MvcMediaType.ReplaceEncoding(context.ContentType, encoding);
            }
        }

        base.WriteResponseHeaders(context);
    }

    /// <inheritdoc />
    public override Task WriteResponseBodyAsync(OutputFormatterWriteContext context)
    {
        ArgumentNullException.ThrowIfNull(context);
        return _format.IsUtf8Text && IsUtf16(context.ContentType)
            ? ResponseBodyWriter.WriteTranscodedAsync(context.HttpContext, _format, context.Object, context.ObjectType, ResponseCharset.Utf16, _metrics, _logger)
            : ResponseBodyWriter.WriteAsync(context.HttpContext, _format, context.Object, context.ObjectType, _flushThreshold, _metrics, _logger);
    }

    // The charset WriteResponseHeaders chose, which ends the content type when it is not UTF-8.
    private static bool IsUtf16(Microsoft.Extensions.Primitives.StringSegment contentType)
        => contentType.EndsWith("charset=utf-16", StringComparison.OrdinalIgnoreCase);

    /// <inheritdoc />
    /// <remarks>A null value with no declared type is writable, and so is a sequence of writable elements (IAsyncEnumerable too).</remarks>
    protected override bool CanWriteType(Type? type)
        => type is null || _format.CanWrite(type) || (_format.Sequences.For(type) is { } sequence && _format.CanWrite(sequence.ElementType));
}
