namespace FastFormatters.Serialization.Composites;

/// <summary>
/// One format's tokens, which the composites (<see cref="IComposite{T, TWriter, TReader}"/>) are written over once:
/// a struct per format, so every composite closed over it is compiled for that format alone and its calls here inline.
/// </summary>
/// <typeparam name="TWriter">The format's writer.</typeparam>
/// <typeparam name="TReader">The format's reader.</typeparam>
internal interface IFormatCodec<TWriter, TReader>
    where TWriter : allows ref struct
    where TReader : allows ref struct
{
    /// <summary>
    /// Whether a container's header carries its count (MessagePack): a sequence that does not know its count is buffered
    /// to count it, and one that yields another number of items than it counted fails.
    /// </summary>
    static abstract bool CountsFirst { get; }

    /// <summary>Whether a stack is read back in the order it was written (MessagePack-CSharp), not reversed (System.Text.Json).</summary>
    static abstract bool StacksKeepTheirOrder { get; }

    /// <summary><paramref name="converter"/>, checked to be this format's: a composite keeps only converters that pass.</summary>
    static abstract ValueConverter<T> Served<T>(ValueConverter<T> converter);

    /// <summary>Writes <paramref name="value"/> through <paramref name="converter"/>, one that <see cref="Served"/> passed.</summary>
    static abstract void Write<T>(ref TWriter writer, ValueConverter<T> converter, T value);

    /// <summary>Reads a value through <paramref name="converter"/>, one that <see cref="Served"/> passed.</summary>
    static abstract T Read<T>(ref TReader reader, ValueConverter<T> converter);

    /// <summary>Writes null (JSON's <c>null</c>, MessagePack's nil).</summary>
    static abstract void WriteNull(ref TWriter writer);

    /// <summary>Reads null when it is next.</summary>
    static abstract bool TryReadNull(ref TReader reader);

    /// <summary>
    /// The value of a collection type read from null: the default, or an error where the format says a struct collection
    /// cannot be null.
    /// </summary>
    static abstract TCollection? NullCollection<TCollection>(ref TReader reader);

    /// <summary>Starts an array of <paramref name="count"/> elements (-1 when not known, only where <see cref="CountsFirst"/> is false).</summary>
    static abstract void WriteBeginArray(ref TWriter writer, int count);

    /// <summary>Ends an array.</summary>
    static abstract void WriteEndArray(ref TWriter writer);

    /// <summary>Reads the start of an array; returns the count it claims, or -1 when it claims none.</summary>
    static abstract int ReadBeginArray(ref TReader reader);

    /// <summary>Whether another element follows, the <paramref name="read"/> ones before it of the <paramref name="claimed"/> count.</summary>
    static abstract bool ReadIsInArray(ref TReader reader, int claimed, int read);

    /// <summary>Ends an array that claimed <paramref name="claimed"/> elements and held <paramref name="read"/>.</summary>
    static abstract void ReadEndArray(ref TReader reader, int claimed, int read);

    /// <summary>The capacity to pre-size a collection with for a <paramref name="claimed"/> count (see <see cref="Buffers.Presizing"/>).</summary>
    static abstract int PresizeFor(ref TReader reader, int claimed);
}
