using System.Diagnostics.CodeAnalysis;
using System.Text.Json.Nodes;
using FastFormatters.Serialization;
using FastFormatters.Serialization.Objects;
using FastFormatters.Serialization.Values;

namespace FastFormatters.MessagePack.Converters;

/// <summary>
/// Dictionaries are MessagePack maps, their keys as MessagePack-CSharp writes them
/// (<see cref="MessagePackDictionaryKey{TKey}"/>). Reading creates the dictionary as
/// <see cref="DictionaryFactory{TDictionary, TKey, TValue}"/> says; a repeated key keeps the last value (the first in a
/// <see cref="System.Collections.Concurrent.ConcurrentDictionary{TKey, TValue}"/>, as MessagePack-CSharp reads it).
/// </summary>
internal sealed class MessagePackDictionaryConverter<TDictionary, TKey, TValue> : MessagePackValueConverter<TDictionary?>
    where TDictionary : IEnumerable<KeyValuePair<TKey, TValue>>
    where TKey : notnull
{
    private readonly MessagePackDictionaryKey<TKey> _key;
    private readonly MessagePackValueConverter<TValue> _value;
    private readonly DictionaryFactory<TDictionary, TKey, TValue> _factory;
    private static readonly bool s_keepsFirstValue = typeof(TDictionary) == typeof(System.Collections.Concurrent.ConcurrentDictionary<TKey, TValue>);

    public MessagePackDictionaryConverter(ConverterResolver resolver, ValueConverter<TValue> value, Func<TDictionary>? create)
    {
        _factory = new(create);
        _key = MessagePackDictionaryKey.Create<TKey>(resolver);
        _value = (MessagePackValueConverter<TValue>)value;
    }

    /// <remarks>Maps are shown decoded, with their keys as text.</remarks>
    internal override JsonObject DescribeSchema(SchemaBuilder schema)
        => new() { ["type"] = "object", ["additionalProperties"] = _value.DescribeSchema(schema) };

    internal override string? ReadUnsupportedReason => _factory.ReadUnsupportedReason ?? _value.ReadUnsupportedReason;

    public override void Write(ref FastMessagePackWriter writer, TDictionary? value)
    {
        if (value is null)
        {
            writer.WriteNil();
            return;
        }

        if (value is Dictionary<TKey, TValue> dictionary)
        {
            writer.WriteMapHeader(dictionary.Count);
            foreach (var (key, item) in dictionary)
            {
                _key.Write(ref writer, key);
                _value.Write(ref writer, item);
            }
        }
        else
        {
            var entries = value as IReadOnlyCollection<KeyValuePair<TKey, TValue>> ?? value.ToList();
            writer.WriteMapHeader(entries.Count);
            foreach (var (key, item) in entries)
            {
                _key.Write(ref writer, key);
                _value.Write(ref writer, item);
            }
        }

        writer.WriteEndContainer();
    }

    public override TDictionary? Read(ref FastMessagePackReader reader)
    {
        if (reader.TryReadNil())
        {
            return default;
        }

        int count = reader.ReadMapHeader();
        var result = _factory.Create(reader.PresizeFor(count));
        TKey? key = default;
        bool readingValue = false;
        try
        {
            for (int i = 0; i < count; i++)
            {
                key = _key.Read(ref reader);
                if (reader.RejectsDuplicateKeys && result.ContainsKey(key))
                {
                    throw reader.Error(SeenKeys.DuplicateMessage(key.ToString()!));
                }

                readingValue = true;
                var value = _value.Read(ref reader);
                readingValue = false;

                // MessagePack-CSharp fills a ConcurrentDictionary with TryAdd: a repeated key keeps its first value.
                if (!s_keepsFirstValue || !result.ContainsKey(key))
                {
                    result[key] = value;
                }
            }
        }
        catch (FormatReadException ex) when (readingValue && ex.AddPropertySegment($"{key}"))
        {
            throw;
        }

        reader.EndContainer();
        return _factory.Complete(result);
    }
}
