using System.Diagnostics.CodeAnalysis;
using System.Collections.Concurrent;
using System.Diagnostics;
using System.IO.Pipelines;
using System.Reflection;
using FastFormatters.Diagnostics;
using FastFormatters.Serialization;
using FastFormatters.Serialization.Shapes;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.Logging;

namespace FastFormatters.Buffers;

/// <summary>
/// Writes a top-level sequence (any <see cref="IEnumerable{T}"/> that is not a string, bytes or a dictionary, and any
/// <see cref="IAsyncEnumerable{T}"/>) element by element, handing each full chunk to the response pipe and flushing it,
/// so a response of any size needs about one chunk of memory, not the whole payload. A sequence that fits in one chunk
/// still goes out with a <c>Content-Length</c>. A failure after the first chunk aborts the response, which then cannot
/// look complete (chunked encoding never gets its last chunk).
/// </summary>
internal abstract class SequenceWriter
{
    // By the type asked about: by reflection where it is on, else from shapes; one or the other per process.
    private static readonly ConcurrentDictionary<Type, SequenceWriter?> s_writers = new();

    /// <summary>
    /// The writer for values of <paramref name="type"/>, found by reflection, or null when it is not a sequence to stream
    /// or reflection is off (<see cref="ReflectionContracts"/>; there the overload with a format looks in the shapes).
    /// </summary>
    public static SequenceWriter? For(Type type)
    {
        if (!ReflectionContracts.IsEnabled)
        {
            return null;
        }

        return s_writers.TryGetValue(type, out var writer) ? writer : s_writers.GetOrAdd(type, Create(type));
    }

    public abstract Type ElementType { get; }

    /// <summary>Writes <paramref name="sequence"/>; a client that goes away ends it quietly, logged to <paramref name="logger"/>.</summary>
    public abstract Task WriteAsync(HttpContext httpContext, IFormatSerializer format, object sequence, int flushThreshold, FormatterMetrics? metrics, ILogger? logger);

    /// <summary>A list of the elements of an <see cref="IAsyncEnumerable{T}"/>, for a format that must write it whole; other sequences as they are.</summary>
    public abstract ValueTask<object> GatherAsync(object sequence, CancellationToken cancellationToken);

    /// <summary>
    /// The writer for a response body of <paramref name="runtimeType"/>, declared as <paramref name="declaredType"/>, or
    /// null when it is not a sequence to stream. Where reflection is off, a sequence streams when the app's providers
    /// give a sequence shape for its runtime type (a list, an array) or else for its declared type (an iterator's
    /// <see cref="IAsyncEnumerable{T}"/> or <see cref="IEnumerable{T}"/>): the same bytes and chunks as on the JIT.
    /// </summary>
    /// <remarks>Asked on every response: the answer for each type, writer or none, is kept after the first.</remarks>
    public static SequenceWriter? For(IFormatSerializer format, Type runtimeType, Type? declaredType)
        => ReflectionContracts.IsEnabled ? For(runtimeType)
            : FromShape(format, runtimeType) ?? (declaredType is null || declaredType == runtimeType ? null : FromShape(format, declaredType));

    private static SequenceWriter? FromShape(IFormatSerializer format, Type type)
    {
        if (s_writers.TryGetValue(type, out var writer))
        {
            return writer;
        }

        writer = type != typeof(byte[]) && format.GetShape(type) is ISequenceShape sequence ? sequence.VisitElement(ShapedWriters.Instance) : null;
        return s_writers.GetOrAdd(type, writer);
    }

    [RequiresUnreferencedCode(ReflectionContracts.Builds)]
    [RequiresDynamicCode(ReflectionContracts.Builds)]
    private static SequenceWriter? Create(Type type)
    {
        if (type == typeof(string) || type == typeof(byte[]))
        {
            return null;
        }

        Type? element = null;
        foreach (var candidate in type.IsInterface ? [type, .. type.GetInterfaces()] : type.GetInterfaces())
        {
            if (!candidate.IsGenericType)
            {
                continue;
            }

            var definition = candidate.GetGenericTypeDefinition();
            if (definition == typeof(IDictionary<,>) || definition == typeof(IReadOnlyDictionary<,>))
            {
                return null;
            }

            if (definition == typeof(IAsyncEnumerable<>) || (definition == typeof(IEnumerable<>) && element is null))
            {
                element = candidate.GetGenericArguments()[0];
            }
        }

        return element is null
            ? null
            : (SequenceWriter)Activator.CreateInstance(typeof(SequenceWriter<>).MakeGenericType(element), BindingFlags.Instance | BindingFlags.Public, null, [], null)!;
    }
}

// Makes the writer of a shape's element type, without reflection.
internal sealed class ShapedWriters : ITypeVisitor<SequenceWriter>
{
    public static readonly ShapedWriters Instance = new();

    public SequenceWriter Visit<T>() => new SequenceWriter<T>();
}

internal sealed class SequenceWriter<T> : SequenceWriter
{
    // 7/8 of the largest pooled segment: a chunk that reaches it seldom spills into a second segment first.
    private const int CountedChunkSize = PooledBufferWriter.MaximumSegmentSize - (PooledBufferWriter.MaximumSegmentSize >> 3);

    public override Type ElementType => typeof(T);

    // One state machine per response that waits for the client, which is also the task handed up to MVC or the result:
    // chunks are flushed here, not in a method of their own. (A pooling builder did not help: under load the responses
    // waiting at once outnumber its pool, and each layer awaiting the next needed a state machine of its own.)
    public override async Task WriteAsync(HttpContext httpContext, IFormatSerializer format, object sequence, int flushThreshold, FormatterMetrics? metrics, ILogger? logger)
    {
        long start = Stopwatch.GetTimestamp();
        long sendingTicks = 0;
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
        if (count < 0 && format.SequenceNeedsCount)
        {
            // The count goes first (a MessagePack array header): gather the elements, not their bytes.
            var gathered = asyncItems is not null ? await GatherAsync(asyncItems, cancellationToken).ConfigureAwait(false) : [.. syncItems!];
            (syncItems, asyncItems, count) = (gathered, null, gathered.Count);
        }

        // A format whose count comes first (MessagePack, JMC1) gains nothing from small chunks: its clients decode a body
        // once they have all of it (FastFormattersSerializer does; MessagePack-CSharp's formatter sends one flush), and
        // on a 178 KB feed they made the writer wait for the client twice as often as one body did. It is flushed as a
        // whole body is, about a pooled segment at a time. JSON keeps the threshold: there, sending a chunk while the next
        // is written measured faster than one body.
        int chunkSize = format.SequenceNeedsCount ? Math.Max(flushThreshold, CountedChunkSize) : flushThreshold;
        var sizeEstimate = format.GetSizeEstimate(sequence.GetType());
        using var chunk = new PooledBufferWriter(Math.Min(sizeEstimate.NextRentSize, chunkSize + (chunkSize >> 2)));
        long total = 0;
        bool started = false;
        format.WriteSequenceStart(chunk, count);
        bool first = true;
        try
        {
            if (asyncItems is not null)
            {
                await foreach (var item in asyncItems.WithCancellation(cancellationToken).ConfigureAwait(false))
                {
                    format.WriteSequenceItem(chunk, item, first);
                    first = false;
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
            else
            {
                // Lists and arrays by index, as System.Text.Json walks them, without boxing an enumerator per response.
                var list = syncItems as IList<T>;
                using var enumerator = list is List<T> or T[] ? null : syncItems!.GetEnumerator();
                for (int index = 0; enumerator?.MoveNext() ?? index < list!.Count; index++)
                {
                    format.WriteSequenceItem(chunk, enumerator is null ? list![index] : enumerator.Current, first);
                    first = false;
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

            format.WriteSequenceEnd(chunk);
            if (!started && !response.HasStarted)
            {
                response.ContentLength = chunk.WrittenCount;
            }

            long lastSend = Stopwatch.GetTimestamp();
            total += chunk.WrittenCount;
            await SendChunk(response, chunk, cancellationToken).ConfigureAwait(false);
            sendingTicks += Stopwatch.GetTimestamp() - lastSend;
            sizeEstimate.Record(total);
            Record(FormatterOutcome.Ok);
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

        // Processing is everything but sending; false so it can run in an exception filter.
        bool Record(FormatterOutcome outcome)
        {
            long end = Stopwatch.GetTimestamp();
            metrics?.Record(format.Definition, FormatterDirection.Write, response.ContentType, outcome, total + chunk.WrittenCount, start, end - sendingTicks, end);
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
