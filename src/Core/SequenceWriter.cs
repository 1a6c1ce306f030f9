using System.Buffers;

namespace FastFormatters;

/// <summary>
/// Writes one top-level sequence element by element, for a body sent as its elements come
/// (<see cref="WireFormat.CreateSequenceWriter{T}"/>): <see cref="WriteStart"/>, <see cref="Write"/> per element, then
/// <see cref="WriteEnd"/>. It writes the format's header, separators and end itself, and throws rather than write
/// invalid bytes: on calls out of order, and when the elements written differ from the promised count. A format
/// derives from it and writes its parts in <see cref="WriteHeader"/>, <see cref="WriteElement"/> and
/// <see cref="WriteFooter"/>.
/// </summary>
/// <typeparam name="T">The element type.</typeparam>
public abstract class SequenceWriter<T>
{
    private State _state;

    /// <param name="count">The number of elements promised, or -1 when unknown (the streamed form).</param>
    protected SequenceWriter(int count)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(count, -1);
        Count = count;
    }

    private enum State
    {
        NotStarted,
        Started,
        Ended,
    }

    /// <summary>The number of elements promised, or -1 for a sequence of unknown length (the streamed form).</summary>
    public int Count { get; }

    /// <summary>The number of elements written so far.</summary>
    public int WrittenCount { get; private set; }

    /// <summary>Writes what comes before the first element (an array's opening, its count).</summary>
    /// <exception cref="InvalidOperationException">The sequence was already started.</exception>
    public void WriteStart(IBufferWriter<byte> output)
    {
        ArgumentNullException.ThrowIfNull(output);
        if (_state != State.NotStarted)
        {
            throw new InvalidOperationException("The sequence was already started.");
        }

        WriteHeader(output);
        _state = State.Started;
    }

    /// <summary>Writes the next element, with what separates it from the one before.</summary>
    /// <exception cref="InvalidOperationException">
    /// The sequence is not started, or already ended, or this element is one more than the count promised.
    /// </exception>
    public void Write(IBufferWriter<byte> output, T value)
    {
        ArgumentNullException.ThrowIfNull(output);
        if (_state != State.Started)
        {
            throw new InvalidOperationException(_state == State.NotStarted ? "The sequence is not started: call WriteStart first." : "The sequence has ended.");
        }

        if (WrittenCount == Count)
        {
            throw new InvalidOperationException($"The sequence promised {Count} elements; this would be one more.");
        }

        WriteElement(output, value, WrittenCount);
        WrittenCount++;
    }

    /// <summary>Writes what comes after the last element (an array's closing).</summary>
    /// <exception cref="InvalidOperationException">
    /// The sequence is not started, or already ended, or fewer elements were written than the count promised.
    /// </exception>
    public void WriteEnd(IBufferWriter<byte> output)
    {
        ArgumentNullException.ThrowIfNull(output);
        if (_state != State.Started)
        {
            throw new InvalidOperationException(_state == State.NotStarted ? "The sequence is not started: call WriteStart first." : "The sequence has already ended.");
        }

        if (Count >= 0 && WrittenCount != Count)
        {
            throw new InvalidOperationException($"The sequence promised {Count} elements but {WrittenCount} were written.");
        }

        WriteFooter(output);
        _state = State.Ended;
    }

    /// <summary>Writes what comes before the first element; nothing by default.</summary>
    protected virtual void WriteHeader(IBufferWriter<byte> output)
    {
    }

    /// <summary>Writes element number <paramref name="index"/> (from 0), with the separator before it where the format has one.</summary>
    protected abstract void WriteElement(IBufferWriter<byte> output, T value, int index);

    /// <summary>Writes what comes after the last element; nothing by default.</summary>
    protected virtual void WriteFooter(IBufferWriter<byte> output)
    {
    }
}
