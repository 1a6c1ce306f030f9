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
/// The MVC output formatter of one <see cref="WireFormat"/>, the media types of its definition. The value is serialized
/// into pooled buffers sized from a running estimate for its type, then copied into the response
/// <see cref="System.IO.Pipelines.PipeWriter"/> in flushed chunks: no <see cref="MemoryStream"/>, no synchronous I/O,
/// and a failure while serializing leaves nothing on the wire. A top-level sequence the format streams goes out as its
/// elements come. <c>AddFastFormatters</c> puts one per registered format in <c>MvcOptions.OutputFormatters</c>.
/// </summary>
public sealed class FastOutputFormatter : OutputFormatter
{
    private const int Utf8CodePage = 65001;

    private readonly FormatSerializer _format;
    // The encodings a text format's responses may be in; null for a format of bytes.
    private readonly IList<Encoding>? _encodings;
    private readonly Utf8ContentTypes _utf8ContentTypes = new();
    private readonly int _flushThreshold;
    private readonly ILogger _logger;
    private readonly FormatterMetrics _metrics;

    /// <summary>
    /// A formatter that writes <paramref name="format"/>, without the verify mode (which the formatters
    /// <c>AddFastFormatters</c> registers have when it is on).
    /// </summary>
    /// <param name="format">The format written.</param>
    /// <param name="options">The app's options: <see cref="FastFormattersOptions.ResponseFlushThreshold"/>.</param>
    /// <param name="metrics">Where writes are recorded: the app's, from its services.</param>
    /// <param name="logger">Where a client that went away is logged.</param>
    public FastOutputFormatter(WireFormat format, FastFormattersOptions options, FormatterMetrics metrics, ILogger<FastOutputFormatter> logger)
        : this(new FormatSerializer(format ?? throw new ArgumentNullException(nameof(format)), FormatBehavior.For(format), verifier: null), (options ?? throw new ArgumentNullException(nameof(options))).ResponseFlushThreshold, metrics, logger)
    {
    }

    internal FastOutputFormatter(FormatSerializer format, int flushThreshold, FormatterMetrics metrics, ILogger logger)
    {
        ArgumentNullException.ThrowIfNull(metrics);
        ArgumentNullException.ThrowIfNull(logger);
        _format = format;
        _metrics = metrics;
        _flushThreshold = flushThreshold;
        _logger = logger;
        foreach (var mediaType in format.Definition.MediaTypes)
        {
            SupportedMediaTypes.Add(mediaType);
        }

        // UTF-8 first, as RFC 8259 has it; MVC's setup copies System.Text.Json's formatter's list here.
        SupportedEncodings = format.IsUtf8Text ? [Encoding.UTF8, Encoding.Unicode] : [];
        _encodings = format.IsUtf8Text ? SupportedEncodings : null;
    }

    /// <summary>
    /// The character encodings a response of a UTF-8 text format (<see cref="WireFormat.IsUtf8Text"/>) may be written in,
    /// as MVC's <c>TextOutputFormatter.SupportedEncodings</c>: the first is the default, and the others are used when the
    /// request's <c>Accept-Charset</c> or the negotiated content type's charset names them. Registered formatters start
    /// with a copy of the System.Text.Json output formatter's (UTF-8, then UTF-16, unless the app changed them). The body
    /// is written in UTF-8 and transcoded to any other; a character an encoding lacks is written as a JSON escape
    /// (<c>\uXXXX</c>). Empty for a format of bytes, whose responses take no charset.
    /// </summary>
    public IList<Encoding> SupportedEncodings { get; }

    /// <summary>The short name of the format, e.g. <c>json</c>.</summary>
    public string FormatName => _format.Definition.Name;

    /// <summary>The format this formatter writes.</summary>
    public WireFormat WireFormat => _format.Format;

    /// <summary>The format this formatter writes, with what the host keeps for it.</summary>
    internal FormatSerializer Format => _format;

    /// <inheritdoc />
    public override void WriteResponseHeaders(OutputFormatterWriteContext context)
    {
        ArgumentNullException.ThrowIfNull(context);

        // A text format says its charset, chosen as the framework's JSON formatter chooses it (ResponseCharset): UTF-8
        // (RFC 8259 §8.1) unless the request asks for another of the supported encodings.
        if (_encodings is { Count: > 0 })
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
        return _encodings is { Count: > 0 } && TranscodedEncoding(context.ContentType) is { } encoding
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
    /// <remarks>
    /// With the media types a request may ask for beyond the format's own (MessagePack's LZ4-compressed ones), for the
    /// FastFormatters OpenAPI packages.
    /// </remarks>
    public override IReadOnlyList<string>? GetSupportedContentTypes(string? contentType, Type objectType)
    {
        var supported = base.GetSupportedContentTypes(contentType, objectType);
        return supported is null || !string.IsNullOrEmpty(contentType) || _format.ExtraResponseMediaTypes.Count == 0
            ? supported
            : [.. supported, .. _format.ExtraResponseMediaTypes];
    }

    /// <inheritdoc />
    /// <remarks>
    /// MVC asks each formatter in turn, and its base asks whether the type is writable before whether the media type is
    /// one of this formatter's; answering the first builds the format's converters for the type. So a request for
    /// another format's media type is declined here first, and a format never builds converters for responses it will
    /// not write.
    /// </remarks>
    public override bool CanWriteResult(OutputFormatterCanWriteContext context)
    {
        ArgumentNullException.ThrowIfNull(context);
        return (!context.ContentType.HasValue || Supports(context.ContentType, context.ContentTypeIsServerDefined)) && base.CanWriteResult(context);
    }

    // The media type test of OutputFormatter.CanWriteResult, without its side effect: a supported media type within the
    // requested one, or, for a server-defined content type, one with a wildcard that holds it.
    private bool Supports(StringSegment contentType, bool serverDefined)
    {
        var requested = new MvcMediaType(contentType);
        foreach (string supported in SupportedMediaTypes)
        {
            var mediaType = new MvcMediaType(supported);
            if (mediaType.HasWildcard ? serverDefined && requested.IsSubsetOf(mediaType) : mediaType.IsSubsetOf(requested))
            {
                return true;
            }
        }

        return false;
    }

    /// <inheritdoc />
    /// <remarks>A null value with no declared type is writable, and so is a sequence of writable elements (IAsyncEnumerable too).</remarks>
    protected override bool CanWriteType(Type? type)
        => type is null || _format.CanWrite(type) || (_format.Sequences.For(type) is { } sequence && _format.CanWrite(sequence.ElementType));
}
