using System.Text.Json.Nodes;
using FastFormatters.Json;
using FastFormatters.MessagePack;

namespace FastFormatters.Serialization.Converters;

/// <summary>
/// Dictionaries are JSON objects and MessagePack maps with the same text keys. Reading creates a
/// <see cref="Dictionary{TKey, TValue}"/> when the declared type allows, or the declared type through its parameterless
/// constructor; a repeated key keeps the last value.
/// </summary>
internal sealed class DictionaryConverter<TDictionary, TKey, TValue> : ValueConverter<TDictionary?>
    where TDictionary : IEnumerable<KeyValuePair<TKey, TValue>>
    where TKey : notnull
{
    /// <remarks>MessagePack maps are shown decoded, with their keys as text.</remarks>
    public override JsonObject DescribeSchema(SchemaBuilder schema)
        => new() { ["type"] = "object", ["additionalProperties"] = _value.DescribeSchema(schema) };

    private readonly DictionaryKeyConverter<TKey> _key;
    private readonly ValueConverter<TValue> _value;
    private readonly Func<int, IDictionary<TKey, TValue>>? _create;
    private readonly string? _readUnsupportedReason;

    public DictionaryConverter(DictionaryKeyConverter<TKey> key, ValueConverter<TValue> value)
    {
        _key = key;
        _value = value;
        var type = typeof(TDictionary);
        if (type.IsAssignableFrom(typeof(Dictionary<TKey, TValue>)))
        {
            _create = static capacity => new Dictionary<TKey, TValue>(capacity);
        }
        else if (!type.IsAbstract && typeof(IDictionary<TKey, TValue>).IsAssignableFrom(type) && type.GetConstructor(Type.EmptyTypes) is not null)
        {
            _create = static _ => (IDictionary<TKey, TValue>)Activator.CreateInstance<TDictionary>();
        }
        else
        {
            _readUnsupportedReason = $"The dictionary type {type} cannot be created when reading; declare the member as IDictionary<TKey, TValue> or Dictionary<TKey, TValue>.";
        }
    }

    public override string? ReadUnsupportedReason => _readUnsupportedReason ?? _value.ReadUnsupportedReason;

    public override void WriteJson(ref JsonWriter writer, TDictionary? value)
    {
        if (value is null)
        {
            writer.WriteNull();
            return;
        }

        writer.WriteBeginDictionary(value switch
        {
            IReadOnlyCollection<KeyValuePair<TKey, TValue>> entries => entries.Count,
            ICollection<KeyValuePair<TKey, TValue>> entries => entries.Count,
            _ => -1,
        });
        bool separator = false;
        if (value is Dictionary<TKey, TValue> dictionary)
        {
            // The struct enumerator: no allocation for the common concrete type.
            foreach (var (key, item) in dictionary)
            {
                WriteJsonEntry(ref writer, key, item, ref separator);
            }
        }
        else
        {
            foreach (var (key, item) in value)
            {
                WriteJsonEntry(ref writer, key, item, ref separator);
            }
        }

        writer.WriteEndObject();
    }

    public override TDictionary? ReadJson(ref JsonReader reader)
    {
        if (reader.TryReadNull())
        {
            return default;
        }

        int claimed = reader.ReadBeginObject();
        var result = Create(reader.PresizeFor(claimed));
        int count = 0;
        TKey? key = default;
        bool readingValue = false;
        try
        {
            while (reader.ReadIsInObject(ref count))
            {
                key = _key.TryParse(reader.ReadPropertyName(), out var parsed) ? parsed : throw reader.Error(_key.Expected);
                if (reader.RejectsDuplicateKeys && result.ContainsKey(key))
                {
                    throw reader.Error(SeenKeys.DuplicateMessage(key.ToString()!));
                }

                readingValue = true;
                result[key] = _value.ReadJson(ref reader);
                readingValue = false;
            }
        }
        catch (FormatReadException ex) when (readingValue && ex.AddPathSegment("." + key))
        {
            throw;
        }

        reader.VerifyCount(claimed, count);
        return (TDictionary)result;
    }

    public override void WriteMessagePack(ref MessagePackWriter writer, TDictionary? value)
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
                _key.WriteMessagePack(ref writer, key);
                _value.WriteMessagePack(ref writer, item);
            }
        }
        else
        {
            var entries = value as IReadOnlyCollection<KeyValuePair<TKey, TValue>> ?? value.ToList();
            writer.WriteMapHeader(entries.Count);
            foreach (var (key, item) in entries)
            {
                _key.WriteMessagePack(ref writer, key);
                _value.WriteMessagePack(ref writer, item);
            }
        }

        writer.WriteEndContainer();
    }

    public override TDictionary? ReadMessagePack(ref MessagePackReader reader)
    {
        if (reader.TryReadNil())
        {
            return default;
        }

        int count = reader.ReadMapHeader();
        var result = Create(reader.PresizeFor(count));
        TKey? key = default;
        bool readingValue = false;
        try
        {
            for (int i = 0; i < count; i++)
            {
                key = _key.ReadMessagePack(ref reader);
                if (reader.RejectsDuplicateKeys && result.ContainsKey(key))
                {
                    throw reader.Error(SeenKeys.DuplicateMessage(key.ToString()!));
                }

                readingValue = true;
                result[key] = _value.ReadMessagePack(ref reader);
                readingValue = false;
            }
        }
        catch (FormatReadException ex) when (readingValue && ex.AddPathSegment("." + key))
        {
            throw;
        }

        reader.EndContainer();
        return (TDictionary)result;
    }

    private IDictionary<TKey, TValue> Create(int capacity)
        => _create is null ? throw new NotSupportedException(_readUnsupportedReason) : _create(capacity);

    private void WriteJsonEntry(ref JsonWriter writer, TKey key, TValue item, ref bool separator)
    {
        if (separator)
        {
            writer.WriteValueSeparator();
        }

        _key.WriteJson(ref writer, key);
        _value.WriteJson(ref writer, item);
        separator = true;
    }
}
