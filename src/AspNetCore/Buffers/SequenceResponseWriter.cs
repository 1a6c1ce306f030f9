using System.Diagnostics;
using System.IO.Pipelines;
using FastFormatters.Diagnostics;
using FastFormatters.Negotiation;
using FastFormatters.Serialization;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.Logging;

namespace FastFormatters.Buffers;

/// <summary>
/// Writes a top-level sequence (a value whose converter is a built-in sequence's, and any <see cref="IAsyncEnumerable{T}"/>:
/// see <see cref="SequenceResponseWriters"/>) element by element, handing each full chunk to the response pipe and flushing it,
/// so a response of any size needs about one chunk of memory, not the whole payload. Whenever the producer of an
/// <see cref="IAsyncEnumerable{T}"/> waits, what is written is sent first, so a live feed reaches the client as it is
/// produced. A sequence that fits in one chunk and never waits still goes out with a <c>Content-Length</c>. A failure after the first chunk aborts the response, which then cannot
/// look complete (chunked encoding never gets its last chunk).
/// </summary>
internal abstract class SequenceResponseWriter
{
    public abstract Type ElementType { get; }

    /// <summary>Writes <paramref name="sequence"/>; a client that goes away ends it quietly, logged to <paramref name="logger"/>.</summary>
    public abstract Task WriteAsync(HttpContext httpContext, FormatSerializer format, object sequence, int flushThreshold, FormatterMetrics? metrics, ILogger? logger);

    /// <summary>A list of the elements of an <see cref="IAsyncEnumerable{T}"/>, for a format that must write it whole; other sequences as they are.</summary>
    public abstract ValueTask<object> GatherAsync(object sequence, CancellationToken cancellationToken);
}

internal sealed class SequenceResponseWriter<T> : SequenceResponseWriter
{
    // 7/8 of the largest pooled segment: a chunk that reaches it seldom spills into a second segment first.
    private const int CountedChunkSize = PooledBufferWriter.MaximumSegmentSize - (PooledBufferWriter.MaximumSegmentSize >> 3);

    public override Type ElementType => typeof(T);

    // One state machine per response that waits for the client, which is also the task handed up to MVC or the result:
    // chunks are flushed here, not in a method of their own. (A pooling builder did not help: under load the responses
    // waiting at once outnumber its pool, and each layer awaiting the next needed a state machine of its own.)
    public override async Task WriteAsync(HttpContext httpContext, FormatSerializer format, object sequence, int flushThreshold, FormatterMetrics? metrics, ILogger? logger)
    {
        long start = Stopwatch.GetTimestamp();
        long sendingTicks = 0;
        long waitingTicks = 0;
        var response = httpContext.Response;
        var cancellationToken = httpContext.RequestAborted;
        var syncItems = sequence as IEnumerable<T>;
        var asyncItems = syncItems is null ? (IAsyncEnumerable<T>)sequence : null;
        int count = syncItems switch
        {
            ICollection<T> collection => collection.Count,
            IReadOnlyCollection<T> collection => collection.Count,
            _ => -1,
        };
        // A counted format streams as the elements come when the client asks to (StreamedSequenceRequest): MessagePack as
        // top-level values, JMC1 without its count comment; the response's Content-Type says so.
        bool streamedForm = format.SequenceNeedsCount && AcceptParameter.RequestsStreaming(httpContext.Request, format.Definition);
        if (streamedForm)
        {
            count = -1;
            if (!response.HasStarted)
            {
                response.ContentType = $"{response.ContentType}; {StreamedSequenceRequest.ParameterName}={StreamedSequenceRequest.ParameterValue}";
            }
        }
        else if (count < 0 && format.SequenceNeedsCount)
        {
            // The count goes first (a MessagePack array header): gather the elements, not their bytes.
            var gathered = asyncItems is not null ? await GatherAsync(asyncItems, cancellationToken).ConfigureAwait(false) : [.. syncItems!];
            (syncItems, asyncItems, count) = (gathered, null, gathered.Count);
        }

        // A format whose count comes first (MessagePack, JMC1) gains nothing from small chunks: its clients decode a body
        // once they have all of it (FastFormattersSerializer does; MessagePack-CSharp's formatter sends one flush), and
        // on a 178 KB feed they made the writer wait for the client twice as often as one body did. It is flushed as a
        // whole body is, about a pooled segment at a time. JSON, and a streamed form whose client reads element by element,
        // keep the threshold: there, sending a chunk while the next is written measured faster than one body.
        int chunkSize = format.SequenceNeedsCount && !streamedForm ? Math.Max(flushThreshold, CountedChunkSize) : flushThreshold;
        var sizeEstimate = format.GetSizeEstimate(sequence.GetType());
        using var chunk = new PooledBufferWriter(Math.Min(sizeEstimate.NextRentSize, chunkSize + (chunkSize >> 2)));
        long total = 0;
        bool started = false;
        // A format that never states the count is not held to one a collection reported.
        var writer = format.Format.CreateSequenceWriter<T>(format.SequenceNeedsCount ? count : -1);
        writer.WriteStart(chunk);
        try
        {
            if (asyncItems is not null)
            {
                var enumerator = asyncItems.GetAsyncEnumerator(cancellationToken);
                try
                {
                    while (true)
                    {
                        var next = enumerator.MoveNextAsync();

                        // A full chunk goes out, and so does what is written whenever the producer waits (a live feed),
                        // the headers with it the first time, as System.Text.Json sends a feed.
                        if (!next.IsCompleted || chunk.WrittenCount >= chunkSize)
                        {
                            long sending = Stopwatch.GetTimestamp();
                            total += chunk.WrittenCount;
                            await SendChunk(response, chunk, cancellationToken).ConfigureAwait(false);
                            sendingTicks += Stopwatch.GetTimestamp() - sending;
                            started = true;
                        }

                        bool more;
                        if (next.IsCompleted)
                        {
                            more = next.Result;
                        }
                        else
                        {
                            long waiting = Stopwatch.GetTimestamp();
                            more = await next.ConfigureAwait(false);
                            waitingTicks += Stopwatch.GetTimestamp() - waiting;
                        }

                        if (!more)
                        {
                            break;
                        }

                        writer.Write(chunk, enumerator.Current);
                    }
                }
                finally
                {
                    await enumerator.DisposeAsync().ConfigureAwait(false);
                }
            }
            else
            {
                // Lists and arrays by index, as System.Text.Json walks them, without boxing an enumerator per response.
                var list = syncItems as IList<T>;
                using var enumerator = list is List<T> or T[] ? null : syncItems!.GetEnumerator();
                for (int index = 0; enumerator?.MoveNext() ?? index < list!.Count; index++)
                {
                    writer.Write(chunk, enumerator is null ? list![index] : enumerator.Current);
                    if (chunk.WrittenCount >= chunkSize)
                    {
                        long sending = Stopwatch.GetTimestamp();
                        total += chunk.WrittenCount;
                        await SendChunk(response, chunk, cancellationToken).ConfigureAwait(false);
                        sendingTicks += Stopwatch.GetTimestamp() - sending;
                        started = true;
                    }
                }
            }

            writer.WriteEnd(chunk);
            if (!started && !response.HasStarted)
            {
                response.ContentLength = chunk.WrittenCount;
            }

            long lastSend = Stopwatch.GetTimestamp();
            total += chunk.WrittenCount;
            var flushed = await SendChunk(response, chunk, cancellationToken).ConfigureAwait(false);
            sendingTicks += Stopwatch.GetTimestamp() - lastSend;
            sizeEstimate.Record(total);
            if (ResponseBodyWriter.Delivered(flushed))
            {
                Record(FormatterOutcome.Ok);
            }
            else
            {
                Record(FormatterOutcome.Aborted);
                ResponseBodyWriter.Aborted(logger, format);
            }
        }
        catch (OperationCanceledException) when (cancellationToken.IsCancellationRequested)
        {
            Record(FormatterOutcome.Aborted);
            ResponseBodyWriter.Aborted(logger, format);
        }
        catch when (started)
        {
            // Part of the body is on the wire: end the connection so the client cannot take the part for the whole.
            Record(FormatterOutcome.ServerError);
            httpContext.Abort();
            throw;
        }
        catch when (Record(FormatterOutcome.ServerError))
        {
            throw;
        }

        // Processing is everything but sending and waiting for the app's producer; false so it can run in an exception filter.
        bool Record(FormatterOutcome outcome)
        {
            long end = Stopwatch.GetTimestamp();
            metrics?.Record(format.Definition, FormatterDirection.Write, response.ContentType, outcome, total + chunk.WrittenCount, start, end - sendingTicks - waitingTicks, end);
            return false;
        }
    }

    public override async ValueTask<object> GatherAsync(object sequence, CancellationToken cancellationToken)
        => sequence is IAsyncEnumerable<T> asyncItems ? await GatherAsync(asyncItems, cancellationToken).ConfigureAwait(false) : sequence;

    private static async Task<List<T>> GatherAsync(IAsyncEnumerable<T> items, CancellationToken cancellationToken)
    {
        var gathered = new List<T>();
        await foreach (var item in items.WithCancellation(cancellationToken).ConfigureAwait(false))
        {
            gathered.Add(item);
        }

        return gathered;
    }

    private static ValueTask<FlushResult> SendChunk(HttpResponse response, PooledBufferWriter chunk, CancellationToken cancellationToken)
    {
        var starting = ResponseBodyWriter.StartAsync(response, cancellationToken);
        if (!starting.IsCompletedSuccessfully)
        {
            return SendChunkAfter(starting, response, chunk, cancellationToken);
        }

        // A chunk is about one threshold long: copied whole, and its arrays back in the pool before the wait for the
        // client, so many slow clients do not each hold one.
        chunk.CopyTo(response.BodyWriter);
        chunk.Release();
        return response.BodyWriter.FlushAsync(cancellationToken);
    }

    // Only where the response's start waits (an OnStarting callback that does) or fails.
    private static async ValueTask<FlushResult> SendChunkAfter(Task starting, HttpResponse response, PooledBufferWriter chunk, CancellationToken cancellationToken)
    {
        await starting.ConfigureAwait(false);
        return await SendChunk(response, chunk, cancellationToken).ConfigureAwait(false);
    }
}
