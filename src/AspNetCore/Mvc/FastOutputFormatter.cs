using System.Text;
using FastFormatters.Buffers;
using FastFormatters.Diagnostics;
using FastFormatters.Serialization;
using Microsoft.AspNetCore.Mvc.Formatters;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Primitives;
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
    private const int Utf8CodePage = 65001;

    private readonly IFormatSerializer _format;
    // The encodings a text format's responses may be in; null for a format of bytes.
    private readonly IList<Encoding>? _encodings;
    private readonly Utf8ContentTypes _utf8ContentTypes = new();
    private readonly int _flushThreshold;
    private readonly ILogger _logger;
    private readonly FormatterMetrics _metrics;

    private protected FastOutputFormatter(IFormatSerializer format, IList<Encoding>? encodings, int flushThreshold, FormatterMetrics metrics, ILogger logger)
    {
        _format = format;
        _encodings = encodings;
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

        // A text format says its charset, chosen as the framework's JSON formatter chooses it (ResponseCharset): UTF-8
        // (RFC 8259 §8.1) unless the request asks for another of the supported encodings.
        if (_encodings is not null)
        {
            var charset = new MvcMediaType(context.ContentType).Charset;
            if (!charset.HasValue && _encodings is [{ CodePage: Utf8CodePage }, ..]
                && !context.HttpContext.Request.Headers.ContainsKey(Microsoft.Net.Http.Headers.HeaderNames.AcceptCharset))
            {
                context.ContentType = _utf8ContentTypes.For(context.ContentType);
            }
            else if (ResponseCharset.Select(context, _encodings) is var encoding && !charset.Equals(encoding.WebName, StringComparison.OrdinalIgnoreCase))
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
        return _encodings is not null && TranscodedEncoding(context.ContentType) is { } encoding
            ? ResponseBodyWriter.WriteTranscodedAsync(context.HttpContext, _format, context.Object, context.ObjectType, encoding, _metrics, _logger)
            : ResponseBodyWriter.WriteAsync(context.HttpContext, _format, context.Object, context.ObjectType, _flushThreshold, _metrics, _logger);
    }

    // The encoding WriteResponseHeaders chose, named by the content type's charset, when it is not UTF-8 (the format's own).
    private Encoding? TranscodedEncoding(StringSegment contentType)
    {
        if (contentType.EndsWith("charset=utf-8", StringComparison.OrdinalIgnoreCase))
        {
            return null;
        }

        var encoding = ResponseCharset.Find(_encodings!, new MvcMediaType(contentType).Charset.Value, wildcard: false);
        return encoding?.CodePage == Utf8CodePage ? null : encoding;
    }

    /// <inheritdoc />
    /// <remarks>A null value with no declared type is writable, and so is a sequence of writable elements (IAsyncEnumerable too).</remarks>
    protected override bool CanWriteType(Type? type)
        => type is null || _format.CanWrite(type) || (_format.Sequences.For(type) is { } sequence && _format.CanWrite(sequence.ElementType));
}
