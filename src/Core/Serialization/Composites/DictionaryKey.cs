namespace FastFormatters.Serialization.Composites;

/// <summary>
/// How one format writes and reads a dictionary key of type <typeparamref name="TKey"/> (a JSON member name, a
/// MessagePack map key); a <see cref="DictionaryComposite{TCodec, TWriter, TReader, TDictionary, TKey, TValue}"/>
/// writes and reads the entries around it. Keys that are text in every format are <see cref="TextKey{TCodec, TWriter, TReader, TKey}"/>s.
/// </summary>
internal abstract class DictionaryKey<TKey, TWriter, TReader>
    where TWriter : allows ref struct
    where TReader : allows ref struct
{
    /// <summary>Writes the key of an entry, before its value.</summary>
    public abstract void Write(ref TWriter writer, TKey key);

    /// <summary>Reads the key of an entry, before its value.</summary>
    public abstract TKey Read(ref TReader reader);
}
