using System.Buffers;
using System.IO.Pipelines;
using System.Runtime.CompilerServices;

namespace FastFormatters.Buffers;

/// <summary>
/// An <see cref="IBufferWriter{T}"/> over a chain of arrays rented from <see cref="ArrayPool{T}.Shared"/>. Growing
/// never copies what was written: a new segment is rented instead. <see cref="Dispose"/> returns every segment.
/// </summary>
/// <remarks>
/// Serializers write here first so that a failure part-way leaves nothing on the wire (a clean 500 is still
/// possible), then <see cref="CopyTo(PipeWriter)"/> moves the bytes into the response pipe.
/// </remarks>
internal sealed class PooledBufferWriter : IBufferWriter<byte>, IDisposable
{
    /// <summary>The largest segment rented: a body of up to this size is written into one array.</summary>
    public const int MaximumSegmentSize = 1024 * 1024;

    private const int MinimumSegmentSize = 512;

    // The filled segments before the current one; made only when a payload outgrows its first segment, as few do.
    private List<ArraySegment<byte>>? _completed;
    private byte[] _current;
    private int _currentLength;
    private long _completedBytes;
    private int _releasedSize;

    /// <summary>Rents a first segment of at least <paramref name="initialSize"/> bytes.</summary>
    public PooledBufferWriter(int initialSize)
    {
        _current = ArrayPool<byte>.Shared.Rent(Math.Clamp(initialSize, MinimumSegmentSize, MaximumSegmentSize));
    }

    /// <summary>Total bytes written.</summary>
    public long WrittenCount => _completedBytes + _currentLength;

    public void Advance(int count)
    {
        if ((uint)count > (uint)(_current.Length - _currentLength))
        {
            throw new ArgumentOutOfRangeException(nameof(count));
        }

        _currentLength += count;
    }

    public Memory<byte> GetMemory(int sizeHint = 0)
    {
        EnsureCapacity(sizeHint);
        return _current.AsMemory(_currentLength);
    }

    public Span<byte> GetSpan(int sizeHint = 0)
    {
        EnsureCapacity(sizeHint);
        return _current.AsSpan(_currentLength);
    }

    /// <summary>
    /// Copies everything written into <paramref name="destination"/>, a started response's pipe, without flushing.
    /// </summary>
    /// <remarks>
    /// The bytes go in the pipe's own blocks (Kestrel's pinned 4 KiB blocks). A span asked for larger than a block
    /// would be an array the pipe rents from the shared pool and holds until the client has read it: under many
    /// connections, arrays the pool cannot lend, so every response allocated them afresh.
    /// </remarks>
    public void CopyTo(PipeWriter destination)
    {
        int completed = _completed?.Count ?? 0;
        for (int i = 0; i < completed; i++)
        {
            destination.Write(_completed![i].AsSpan());
        }

        destination.Write(_current.AsSpan(0, _currentLength));
    }

    /// <summary>
    /// Copies everything written into <paramref name="destination"/>, a started response's pipe, as
    /// <see cref="CopyTo(PipeWriter)"/> does, flushing after each filled segment (at most 1 MiB) so the pipe never holds a
    /// second copy of a large payload. The last segment is left unflushed: the caller can <see cref="Dispose"/> before
    /// the final flush, so a payload in one segment, as most are once the size estimate has learned them, is not held
    /// while the client reads. (Held across that wait, under many connections, they are arrays the pool cannot lend.)
    /// </summary>
    // Once per response: the pooled builder reuses the state machine when a flush completes asynchronously.
    [AsyncMethodBuilder(typeof(PoolingAsyncValueTaskMethodBuilder))]
    public async ValueTask CopyToAsync(PipeWriter destination, CancellationToken cancellationToken)
    {
        int completed = _completed?.Count ?? 0;
        for (int i = 0; i < completed; i++)
        {
            destination.Write(_completed![i].AsSpan());
            var result = await destination.FlushAsync(cancellationToken).ConfigureAwait(false);
            if (result.IsCanceled || result.IsCompleted)
            {
                return;
            }
        }

        destination.Write(_current.AsSpan(0, _currentLength));
    }

    /// <summary>Writes everything written to <paramref name="destination"/>.</summary>
    public async Task CopyToAsync(Stream destination, CancellationToken cancellationToken)
    {
        for (int i = 0; i < (_completed?.Count ?? 0); i++)
        {
            await destination.WriteAsync(_completed![i], cancellationToken).ConfigureAwait(false);
        }

        await destination.WriteAsync(_current.AsMemory(0, _currentLength), cancellationToken).ConfigureAwait(false);
    }

    /// <summary>Copies everything written into one new array. For tests and tools, not for request paths.</summary>
    public byte[] ToArray()
    {
        var result = new byte[WrittenCount];
        CopyTo(result);
        return result;
    }

    /// <summary>Copies everything written into <paramref name="destination"/>, which holds at least <see cref="WrittenCount"/> bytes.</summary>
    public void CopyTo(Span<byte> destination)
    {
        int offset = 0;
        for (int i = 0; i < (_completed?.Count ?? 0); i++)
        {
            var segment = _completed![i];
            segment.AsSpan().CopyTo(destination[offset..]);
            offset += segment.Count;
        }

        _current.AsSpan(0, _currentLength).CopyTo(destination[offset..]);
    }

    /// <summary>Everything written, when it is all in one segment, as the size estimates make most payloads.</summary>
    public bool TryGetSingleSegment(out ArraySegment<byte> written)
    {
        written = _completed is null or { Count: 0 } ? new ArraySegment<byte>(_current, 0, _currentLength) : default;
        return written.Array is not null;
    }

    /// <summary>
    /// Hands everything written, as one contiguous span (a pooled copy when it spans segments), to
    /// <paramref name="write"/> along with <paramref name="output"/>: for encoders that need the whole payload at once.
    /// </summary>
    public void WriteContiguous(IBufferWriter<byte> output, ContiguousPayloadWriter write)
    {
        if (_completed is null or { Count: 0 })
        {
            write(_current.AsSpan(0, _currentLength), output);
            return;
        }

        int length = checked((int)WrittenCount);
        byte[] contiguous = ArrayPool<byte>.Shared.Rent(length);
        try
        {
            CopyTo(contiguous);
            write(contiguous.AsSpan(0, length), output);
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(contiguous);
        }
    }

    /// <summary>
    /// Forgets what was written and returns every segment to the pool, before a wait (a flush to the network); the
    /// next write rents again, at the size that was held.
    /// </summary>
    public void Release()
    {
        int held = _current.Length;
        Dispose();
        _releasedSize = held;
    }

    public void Dispose()
    {
        ReturnCompleted();
        if (_current.Length != 0)
        {
            ArrayPool<byte>.Shared.Return(_current);
            _current = [];
        }

        _currentLength = 0;
    }

    private void ReturnCompleted()
    {
        if (_completed is not null)
        {
            foreach (var segment in _completed)
            {
                ArrayPool<byte>.Shared.Return(segment.Array!);
            }

            _completed.Clear();
        }

        _completedBytes = 0;
    }

    private void EnsureCapacity(int sizeHint)
    {
        if (sizeHint <= 0)
        {
            sizeHint = 1;
        }

        if (_current.Length - _currentLength >= sizeHint)
        {
            return;
        }

        if (_current.Length == 0)
        {
            // Released or disposed: rent again at the size that was held.
            _current = ArrayPool<byte>.Shared.Rent(Math.Max(Math.Max(sizeHint, _releasedSize), MinimumSegmentSize));
            return;
        }

        if (_currentLength == 0)
        {
            // Nothing written into this segment yet: swap it for a larger one instead of keeping an empty segment.
            ArrayPool<byte>.Shared.Return(_current);
        }
        else
        {
            (_completed ??= []).Add(new ArraySegment<byte>(_current, 0, _currentLength));
            _completedBytes += _currentLength;
        }

        // Double with the payload so a large response needs few segments, but never rent more than asked beyond the cap.
        long next = Math.Max(sizeHint, Math.Min(WrittenCount, MaximumSegmentSize));
        _current = ArrayPool<byte>.Shared.Rent((int)Math.Max(next, MinimumSegmentSize));
        _currentLength = 0;
    }
}
