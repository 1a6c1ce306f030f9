using System.Diagnostics;
using FastFormatters.Diagnostics;
using FastFormatters.Serialization;
using Microsoft.AspNetCore.Http;

namespace FastFormatters.Buffers;

/// <summary>
/// Sends a response body: serializes into pooled buffers sized from the running estimate for the type, sets
/// <c>Content-Length</c>, copies into the response pipe in flushed chunks, and flushes. Serializing completes before
/// the first byte is sent, so a failure there leaves the response untouched for the app's error handling. Top-level
/// sequences go through <see cref="SequenceWriter"/> instead, a chunk at a time. Each write is recorded in
/// <see cref="FormatterMetrics"/> when one is given.
/// </summary>
internal static class ResponseBodyWriter
{
    /// <summary>
    /// Writes <paramref name="value"/>; <paramref name="declaredType"/> is what the endpoint declares it returns, and the
    /// format picks the type to write from it and the value.
    /// </summary>
    /// <returns><see langword="false"/> when the client went away while the body was being sent.</returns>
    public static async Task<bool> WriteAsync(HttpContext httpContext, IFormatSerializer format, object? value, Type? declaredType, int flushThreshold, FormatterMetrics? metrics)
    {
        format = format.PrepareResponse(httpContext);
        var type = format.SelectWriteType(declaredType, value);
        if (value is not null && SequenceWriter.For(format, value.GetType(), declaredType) is { } sequenceWriter)
        {
            if (format.CanStreamSequences)
            {
                return await sequenceWriter.WriteAsync(httpContext, format, value, flushThreshold, metrics).ConfigureAwait(false);
            }

            value = await sequenceWriter.GatherAsync(value, httpContext.RequestAborted).ConfigureAwait(false);
            type = value.GetType();
        }

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
            await payload.CopyToAsync(response.BodyWriter, flushThreshold, cancellationToken).ConfigureAwait(false);

            // The pooled arrays go back before the wait for the client: held by many slow clients at once, they would
            // be arrays the pool cannot lend, and must allocate, to everyone else.
            payload.Dispose();
            await response.BodyWriter.FlushAsync(cancellationToken).ConfigureAwait(false);
            metrics?.Record(format.Definition, FormatterDirection.Write, httpContext.Response.ContentType, FormatterOutcome.Ok, length, start, serialized, Stopwatch.GetTimestamp());
            return true;
        }
        catch (OperationCanceledException) when (cancellationToken.IsCancellationRequested)
        {
            metrics?.Record(format.Definition, FormatterDirection.Write, httpContext.Response.ContentType, FormatterOutcome.Aborted, length, start, serialized, Stopwatch.GetTimestamp());
            return false;
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
