using System.Collections.Concurrent;
using System.Text.Json.Nodes;
using FastFormatters.Serialization.Objects;
using FastFormatters.Serialization.Shapes;
using FastFormatters.Serialization.Values;

namespace FastFormatters.Serialization.Composites;

/// <summary>
/// A dictionary: a JSON object whose member names are its keys as text, a MessagePack map with its keys as
/// MessagePack-CSharp writes them (each format's <see cref="DictionaryKey{TKey, TWriter, TReader}"/>). Reading creates
/// the dictionary as <see cref="DictionaryFactory{TDictionary, TKey, TValue}"/> says; a repeated key keeps the last
/// value (the first in a <see cref="ConcurrentDictionary{TKey, TValue}"/> where the format says so).
/// </summary>
internal readonly struct DictionaryComposite<TCodec, TWriter, TReader, TDictionary, TKey, TValue> : IComposite<TDictionary?, TWriter, TReader>
    where TCodec : struct, IFormatCodec<TWriter, TReader>
    where TWriter : allows ref struct
    where TReader : allows ref struct
    where TDictionary : IEnumerable<KeyValuePair<TKey, TValue>>
    where TKey : notnull
{
    private static readonly bool s_isConcurrent = typeof(TDictionary) == typeof(ConcurrentDictionary<TKey, TValue>);

    private readonly DictionaryKey<TKey, TWriter, TReader> _key;
    private readonly ValueConverter<TValue, TWriter, TReader> _value;
    private readonly DictionaryFactory<TDictionary, TKey, TValue> _factory;

    public DictionaryComposite(ConverterResolver resolver, ValueConverter<TValue> value, Func<TDictionary>? create)
    {
        _factory = new(create);
        _key = KeyOf(resolver);
        _value = TCodec.Served(value);
    }

    public string? ReadUnsupportedReason => _factory.ReadUnsupportedReason ?? _value.ReadUnsupportedReason;

    public bool IsPolymorphic => false;

    /// <remarks>MessagePack maps are shown decoded, with their keys as text.</remarks>
    public JsonObject DescribeSchema(SchemaBuilder schema)
        => new() { ["type"] = "object", ["additionalProperties"] = _value.DescribeSchema(schema) };

    public TResult? VisitStreamedElement<TResult>(ITypeVisitor<TResult> visitor)
        where TResult : class
        => null;

    public void Write(ref TWriter writer, TDictionary? value)
    {
        if (value is null)
        {
            TCodec.WriteNull(ref writer);
            return;
        }

        if (value is Dictionary<TKey, TValue> dictionary)
        {
            // The struct enumerator: no allocation for the common concrete type.
            TCodec.WriteBeginMap(ref writer, dictionary.Count);
            foreach (var (key, item) in dictionary)
            {
                WriteEntry(ref writer, key, item);
            }
        }
        else
        {
            int count = DictionaryFactory<TDictionary, TKey, TValue>.CountOf(value);
            IEnumerable<KeyValuePair<TKey, TValue>> entries = value;
            if (TCodec.CountsFirst && count < 0)
            {
                // A lazy sequence of entries, where the count comes first: buffered to count it.
                var buffered = new List<KeyValuePair<TKey, TValue>>(value);
                (entries, count) = (buffered, buffered.Count);
            }

            TCodec.WriteBeginMap(ref writer, count);
            foreach (var (key, item) in entries)
            {
                WriteEntry(ref writer, key, item);
            }
        }

        TCodec.WriteEndMap(ref writer);
    }

    public TDictionary? Read(ref TReader reader)
    {
        if (TCodec.TryReadNull(ref reader))
        {
            return default;
        }

        int claimed = TCodec.ReadBeginMap(ref reader);
        var result = _factory.Create(TCodec.PresizeFor(ref reader, claimed));
        int count = 0;
        TKey? key = default;
        bool readingValue = false;
        try
        {
            while (TCodec.ReadIsInMap(ref reader, claimed, count))
            {
                count++;
                key = _key.Read(ref reader);
                if (TCodec.RejectsDuplicateKeys(ref reader) && result.ContainsKey(key))
                {
                    throw TCodec.Error(ref reader, SeenKeys.DuplicateMessage(key.ToString()!));
                }

                readingValue = true;
                var value = _value.Read(ref reader);
                readingValue = false;
                if (!(TCodec.ConcurrentDictionariesKeepFirstValue && s_isConcurrent) || !result.ContainsKey(key))
                {
                    result[key] = value;
                }
            }
        }
        catch (FormatReadException ex) when (readingValue && ex.AddPropertySegment($"{key}"))
        {
            throw;
        }

        TCodec.ReadEndMap(ref reader, claimed, count);
        return _factory.Complete(result);
    }

    // The format's key of TKey: strings, the integer types, GUIDs and enums.
    private static DictionaryKey<TKey, TWriter, TReader> KeyOf(ConverterResolver resolver)
    {
        var keyType = typeof(TKey);
        if (keyType == typeof(string))
        {
            return (DictionaryKey<TKey, TWriter, TReader>)(object)new StringKey<TCodec, TWriter, TReader>(resolver.Rules.DictionaryKeyPolicy);
        }

        if (keyType == typeof(Guid))
        {
            return (DictionaryKey<TKey, TWriter, TReader>)(object)new GuidKey<TCodec, TWriter, TReader>();
        }

        if (keyType.IsEnum)
        {
            return (DictionaryKey<TKey, TWriter, TReader>)DictionaryKeys.EnumKey(keyType, resolver);
        }

        object? integer = keyType == typeof(int) ? TCodec.IntegerKey<int>()
            : keyType == typeof(long) ? TCodec.IntegerKey<long>()
            : keyType == typeof(uint) ? TCodec.IntegerKey<uint>()
            : keyType == typeof(ulong) ? TCodec.IntegerKey<ulong>()
            : keyType == typeof(short) ? TCodec.IntegerKey<short>()
            : keyType == typeof(ushort) ? TCodec.IntegerKey<ushort>()
            : keyType == typeof(byte) ? TCodec.IntegerKey<byte>()
            : keyType == typeof(sbyte) ? TCodec.IntegerKey<sbyte>()
            : null;
        return integer is not null ? (DictionaryKey<TKey, TWriter, TReader>)integer : throw DictionaryKeys.Unsupported(keyType);
    }

    private void WriteEntry(ref TWriter writer, TKey key, TValue item)
    {
        _key.Write(ref writer, key);
        _value.Write(ref writer, item);
    }
}
