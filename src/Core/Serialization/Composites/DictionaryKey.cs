namespace FastFormatters.Serialization.Composites;

/// <summary>
/// How one format writes and reads a dictionary key of type <typeparamref name="TKey"/> (a JSON member name, a
/// MessagePack map key); a <see cref="DictionaryComposite{TCodec, TWriter, TReader, TDictionary, TKey, TValue}"/>
/// writes and reads the entries around it.
/// </summary>
internal abstract class DictionaryKey<TKey, TWriter, TReader>
    where TWriter : allows ref struct
    where TReader : allows ref struct
{
    /// <summary>What a key must be, for the error message.</summary>
    public abstract string Expected { get; }

    /// <summary>Writes the key of an entry, before its value.</summary>
    public abstract void Write(ref TWriter writer, TKey key);

    /// <summary>Reads the key of an entry, before its value.</summary>
    public abstract TKey Read(ref TReader reader);

    /// <summary>Parses a key from its text.</summary>
    public abstract bool TryParse(ReadOnlySpan<byte> utf8, out TKey key);
}
