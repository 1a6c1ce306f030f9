using System.Diagnostics;
using System.IO.Pipelines;
using FastFormatters.Diagnostics;
using FastFormatters.Negotiation;
using FastFormatters.Serialization;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.Logging;

namespace FastFormatters.Buffers;

/// <summary>
/// Sends a response body: serializes into pooled buffers sized from the running estimate for the type, sets
/// <c>Content-Length</c>, starts the response, copies the body into the response pipe, and flushes. Serializing completes before
/// the first byte is sent, so a failure there leaves the response untouched for the app's error handling. Top-level
/// sequences go through <see cref="SequenceResponseWriter"/> instead, a chunk at a time. Each write is recorded in
/// <see cref="FormatterMetrics"/> when one is given.
/// </summary>
internal static class ResponseBodyWriter
{
    /// <summary>
    /// Writes <paramref name="value"/>; <paramref name="declaredType"/> is what the endpoint declares it returns, and the
    /// format picks the type to write from it and the value. A client that goes away while the body is sent ends the
    /// write quietly, logged to <paramref name="logger"/> when there is one.
    /// </summary>
    /// <remarks>
    /// Not itself async: it hands back the task of the one method that writes, so a response that waits for the client
    /// allocates one state machine, not one per layer.
    /// </remarks>
    public static Task WriteAsync(HttpContext httpContext, FormatSerializer format, object? value, Type? declaredType, int flushThreshold, FormatterMetrics? metrics, ILogger? logger = null)
    {
        format = format.PrepareResponse(httpContext);
        if (value is not null && format.Sequences.For(value.GetType(), declaredType) is { } sequenceWriter)
        {
            // A sequence whose type the verify mode still checks (or serves by the reference) is written whole, unless the
            // client asks for the streamed form, which is not one value to compare and is written as without the mode.
            bool streamable = format.CanStreamSequences
                && (format.Verifier is null || format.SequenceNeedsCount && AcceptParameter.RequestsStreaming(httpContext.Request, format.Definition));
            var whole = streamable ? null : format.Sequences.Whole(sequenceWriter, value.GetType(), declaredType);
            var wholeType = whole?.TypeOf(value, declaredType);
            return wholeType is null || format.CanStreamSequences && !format.Verifier!.Intercepts(wholeType)
                ? sequenceWriter.WriteAsync(httpContext, format, value, flushThreshold, metrics, logger)
                : WriteGatheredAsync(httpContext, format, sequenceWriter, whole!, value, wholeType, metrics, logger);
        }

        return WriteWholeAsync(httpContext, format, value, format.SelectWriteType(declaredType, value), metrics, logger);
    }

    /// <summary>
    /// Writes <paramref name="value"/> in a text format's UTF-8, transcoded to <paramref name="encoding"/> (one a request
    /// asks for, such as UTF-16): whole, with its <c>Content-Length</c>, a sequence gathered first. Rare, so it takes the
    /// simple path: the UTF-8 body is converted whole. A character the encoding lacks is written as a JSON escape.
    /// </summary>
    public static async Task WriteTranscodedAsync(HttpContext httpContext, FormatSerializer format, object? value, Type? declaredType, System.Text.Encoding encoding, FormatterMetrics? metrics, ILogger? logger)
    {
        if (value is not null && format.Sequences.For(value.GetType(), declaredType) is { } sequenceWriter)
        {
            value = await sequenceWriter.GatherAsync(value, httpContext.RequestAborted).ConfigureAwait(false);
            declaredType = value.GetType();
        }

        long start = Stopwatch.GetTimestamp();
        var type = format.SelectWriteType(declaredType, value);
        byte[] body;
        using (var utf8 = new PooledBufferWriter(format.GetSizeEstimate(type).NextRentSize))
        {
            try
            {
                format.Serialize(utf8, value, type);
            }
            catch when (Record(FormatterOutcome.ServerError, 0))
            {
                throw;
            }

            body = Transcode(utf8.ToArray(), encoding);
        }

        var response = httpContext.Response;
        var cancellationToken = httpContext.RequestAborted;
        response.ContentLength = body.Length;
        try
        {
            await StartAsync(response, cancellationToken).ConfigureAwait(false);
            var flushed = await response.BodyWriter.WriteAsync(body, cancellationToken).ConfigureAwait(false);
            if (Delivered(flushed))
            {
                Record(FormatterOutcome.Ok, body.Length);
            }
            else
            {
                Record(FormatterOutcome.Aborted, body.Length);
                Aborted(logger, format);
            }
        }
        catch (OperationCanceledException) when (cancellationToken.IsCancellationRequested)
        {
            Record(FormatterOutcome.Aborted, body.Length);
            Aborted(logger, format);
        }

        bool Record(FormatterOutcome outcome, long bytes)
        {
            long now = Stopwatch.GetTimestamp();
            metrics?.Record(format.Definition, FormatterDirection.Write, httpContext.Response.ContentType, outcome, bytes, start, now, now);
            return false;
        }
    }

    // A text format's characters beyond ASCII are inside JSON strings (JSON's, and those of formats built on it): there
    // an escape keeps a character the encoding lacks, where the encoding's own replacement ('?') would lose it.
    private static byte[] Transcode(byte[] utf8, System.Text.Encoding encoding)
    {
        var text = System.Text.Encoding.UTF8.GetChars(utf8);
        var encoder = encoding.GetEncoder();
        encoder.Fallback = Json.JsonEscapeFallback.Instance;
        var body = new byte[encoder.GetByteCount(text, 0, text.Length, flush: true)];
        encoder.GetBytes(text, 0, text.Length, body, 0, flush: true);
        return body;
    }

    /// <summary>
    /// Starts <paramref name="response"/>, which puts its headers into the pipe, before the body is copied there: Kestrel
    /// keeps body bytes written before the start in memory of its own and copies them again, behind the headers, at the
    /// first flush.
    /// </summary>
    public static Task StartAsync(HttpResponse response, CancellationToken cancellationToken)
        => response.HasStarted ? Task.CompletedTask : response.StartAsync(cancellationToken);

    /// <summary>
    /// Whether a flush left the connection open. A flush that finds the client gone may return completed or cancelled
    /// rather than throw, when the request's cancellation has not come yet: the rest of the body is lost all the same.
    /// </summary>
    public static bool Delivered(FlushResult flushed) => !flushed.IsCompleted && !flushed.IsCanceled;

    /// <summary>Logs that the client went away while the body was sent, when there is a logger.</summary>
    public static void Aborted(ILogger? logger, FormatSerializer format)
    {
        if (logger is not null)
        {
            Mvc.FormatterLog.ResponseAborted(logger, format.Definition.Name);
        }
    }

    // A format that writes a sequence whole (its count or compression comes first), or one the verify mode checks: the
    // elements gathered, then written.
    private static async Task WriteGatheredAsync(HttpContext httpContext, FormatSerializer format, SequenceResponseWriter sequenceWriter, WholeSequence whole, object sequence, Type wholeType, FormatterMetrics? metrics, ILogger? logger)
    {
        var gathered = await sequenceWriter.GatherAsync(sequence, httpContext.RequestAborted).ConfigureAwait(false);
        await WriteWholeAsync(httpContext, format, whole.Collect(gathered), wholeType, metrics, logger).ConfigureAwait(false);
    }

    private static async Task WriteWholeAsync(HttpContext httpContext, FormatSerializer format, object? value, Type type, FormatterMetrics? metrics, ILogger? logger)
    {
        long start = Stopwatch.GetTimestamp();
        var sizeEstimate = format.GetSizeEstimate(type);
        using var payload = new PooledBufferWriter(sizeEstimate.NextRentSize);
        try
        {
            format.Serialize(payload, value, type);
        }
        catch when (Record(FormatterOutcome.ServerError, payload.WrittenCount, start))
        {
            throw;
        }

        long serialized = Stopwatch.GetTimestamp();
        long length = payload.WrittenCount;
        sizeEstimate.Record(length);

        var response = httpContext.Response;
        var cancellationToken = httpContext.RequestAborted;
        if (!response.HasStarted)
        {
            response.ContentLength = length;
        }

        try
        {
            // Started first, the body lands once, behind the headers, in the pipe's own blocks; a body in one segment
            // (at most 1 MiB) then waits for the client once, not once per chunk, and its pooled array goes back first.
            await StartAsync(response, cancellationToken).ConfigureAwait(false);
            await payload.CopyToAsync(response.BodyWriter, cancellationToken).ConfigureAwait(false);
            payload.Dispose();
            var flushed = await response.BodyWriter.FlushAsync(cancellationToken).ConfigureAwait(false);
            metrics?.Record(format.Definition, FormatterDirection.Write, httpContext.Response.ContentType, Delivered(flushed) ? FormatterOutcome.Ok : FormatterOutcome.Aborted, length, start, serialized, Stopwatch.GetTimestamp());
            if (!Delivered(flushed))
            {
                Aborted(logger, format);
            }
        }
        catch (OperationCanceledException) when (cancellationToken.IsCancellationRequested)
        {
            metrics?.Record(format.Definition, FormatterDirection.Write, httpContext.Response.ContentType, FormatterOutcome.Aborted, length, start, serialized, Stopwatch.GetTimestamp());
            Aborted(logger, format);
        }

        // In an exception filter: records without catching, so the exception goes on untouched.
        bool Record(FormatterOutcome outcome, long bytes, long started)
        {
            long now = Stopwatch.GetTimestamp();
            metrics?.Record(format.Definition, FormatterDirection.Write, httpContext.Response.ContentType, outcome, bytes, started, now, now);
            return false;
        }
    }
}
