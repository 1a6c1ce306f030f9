using FastFormatters.Json;

namespace FastFormatters.Serialization.Converters;

/// <summary>
/// Dictionaries are JSON objects. Reading creates a <see cref="Dictionary{TKey, TValue}"/> when the declared type allows,
/// or the declared type through its parameterless constructor; a repeated key keeps the last value.
/// </summary>
internal sealed class DictionaryConverter<TDictionary, TKey, TValue> : ValueConverter<TDictionary?>
    where TDictionary : IEnumerable<KeyValuePair<TKey, TValue>>
    where TKey : notnull
{
    private readonly DictionaryKeyConverter<TKey> _key;
    private readonly ValueConverter<TValue> _value;
    private readonly Func<IDictionary<TKey, TValue>>? _create;
    private readonly string? _readUnsupportedReason;

    public DictionaryConverter(DictionaryKeyConverter<TKey> key, ValueConverter<TValue> value)
    {
        _key = key;
        _value = value;
        var type = typeof(TDictionary);
        if (type.IsAssignableFrom(typeof(Dictionary<TKey, TValue>)))
        {
            _create = static () => new Dictionary<TKey, TValue>();
        }
        else if (!type.IsAbstract && typeof(IDictionary<TKey, TValue>).IsAssignableFrom(type) && type.GetConstructor(Type.EmptyTypes) is not null)
        {
            _create = static () => (IDictionary<TKey, TValue>)Activator.CreateInstance<TDictionary>();
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

        writer.WriteBeginObject();
        bool separator = false;
        if (value is Dictionary<TKey, TValue> dictionary)
        {
            // The struct enumerator: no allocation for the common concrete type.
            foreach (var (key, item) in dictionary)
            {
                WriteEntry(ref writer, key, item, ref separator);
            }
        }
        else
        {
            foreach (var (key, item) in value)
            {
                WriteEntry(ref writer, key, item, ref separator);
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

        if (_create is null)
        {
            throw new NotSupportedException(_readUnsupportedReason);
        }

        var result = _create();
        reader.ReadBeginObject();
        int count = 0;
        TKey? key = default;
        bool readingValue = false;
        try
        {
            while (reader.ReadIsInObject(ref count))
            {
                key = _key.ReadName(reader.ReadPropertyName(), ref reader);
                readingValue = true;
                result[key] = _value.ReadJson(ref reader);
                readingValue = false;
            }
        }
        catch (FormatReadException ex) when (readingValue)
        {
            ex.PrependPathSegment("." + key);
            throw;
        }

        return (TDictionary)result;
    }

    private void WriteEntry(ref JsonWriter writer, TKey key, TValue item, ref bool separator)
    {
        if (separator)
        {
            writer.WriteValueSeparator();
        }

        _key.WriteName(ref writer, key);
        _value.WriteJson(ref writer, item);
        separator = true;
    }
}
