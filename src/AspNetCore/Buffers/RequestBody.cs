using System.Buffers;
using System.IO.Pipelines;

namespace FastFormatters.Buffers;

/// <summary>
/// A whole request body: either still in the request pipe (when it arrived complete in one segment, so no copy is made)
/// or in an array rented from the pool. <see cref="Dispose"/> consumes the pipe data or returns the array.
/// </summary>
internal readonly struct RequestBody : IDisposable
{
    private readonly PipeReader? _pipe;
    private readonly ReadOnlySequence<byte> _sequence;
    private readonly byte[]? _rented;
    private readonly int _length;

    public RequestBody(PipeReader pipe, ReadOnlySequence<byte> sequence)
    {
        _pipe = pipe;
        _sequence = sequence;
        _length = (int)sequence.Length;
    }

    public RequestBody(byte[] rented, int length)
    {
        _rented = rented;
        _length = length;
    }

    public int Length => _length;

    /// <summary>The body as one contiguous span.</summary>
    public ReadOnlySpan<byte> Span => _rented is not null ? _rented.AsSpan(0, _length) : _sequence.FirstSpan;

    public void Dispose()
    {
        _pipe?.AdvanceTo(_sequence.End);
        if (_rented is not null)
        {
            ArrayPool<byte>.Shared.Return(_rented);
        }
    }
}
