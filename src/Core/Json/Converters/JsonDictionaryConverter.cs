using System.Diagnostics.CodeAnalysis;
using System.Text.Json.Nodes;
using FastFormatters.Serialization;
using FastFormatters.Serialization.Objects;
using FastFormatters.Serialization.Values;

namespace FastFormatters.Json.Converters;

/// <summary>
/// Dictionaries are JSON objects whose member names are the keys as text (<see cref="JsonDictionaryKey{TKey}"/>).
/// Reading creates the dictionary as <see cref="DictionaryFactory{TDictionary, TKey, TValue}"/> says; a repeated key
/// keeps the last value.
/// </summary>
internal sealed class JsonDictionaryConverter<TDictionary, TKey, TValue> : JsonValueConverter<TDictionary?>
    where TDictionary : IEnumerable<KeyValuePair<TKey, TValue>>
    where TKey : notnull
{
    private readonly JsonDictionaryKey<TKey> _key;
    private readonly JsonValueConverter<TValue> _value;
    private readonly DictionaryFactory<TDictionary, TKey, TValue> _factory;

    public JsonDictionaryConverter(ConverterResolver resolver, ValueConverter<TValue> value, Func<TDictionary>? create)
    {
        _factory = new(create);
        _key = JsonDictionaryKey.Create<TKey>(resolver);
        _value = (JsonValueConverter<TValue>)value;
    }

    internal override JsonObject DescribeSchema(SchemaBuilder schema)
        => new() { ["type"] = "object", ["additionalProperties"] = _value.DescribeSchema(schema) };

    internal override string? ReadUnsupportedReason => _factory.ReadUnsupportedReason ?? _value.ReadUnsupportedReason;

    public override void Write(ref FastJsonWriter writer, TDictionary? value)
    {
        if (value is null)
        {
            writer.WriteNull();
            return;
        }

        writer.WriteBeginDictionary(DictionaryFactory<TDictionary, TKey, TValue>.CountOf(value));
        if (value is Dictionary<TKey, TValue> dictionary)
        {
            // The struct enumerator: no allocation for the common concrete type.
            foreach (var (key, item) in dictionary)
            {
                WriteEntry(ref writer, key, item);
            }
        }
        else
        {
            foreach (var (key, item) in value)
            {
                WriteEntry(ref writer, key, item);
            }
        }

        writer.WriteEndObject();
    }

    public override TDictionary? Read(ref FastJsonReader reader)
    {
        if (reader.TryReadNull())
        {
            return default;
        }

        int claimed = reader.ReadBeginCountedObject();
        var result = _factory.Create(reader.PresizeFor(claimed));
        int count = 0;
        TKey? key = default;
        bool readingValue = false;
        try
        {
            while (reader.ReadIsInObject())
            {
                count++;
                key = _key.TryParse(reader.ReadPropertyName(), out var parsed) ? parsed : throw reader.Error(_key.Expected);
                if (reader.RejectsDuplicateKeys && result.ContainsKey(key))
                {
                    throw reader.Error(SeenKeys.DuplicateMessage(key.ToString()!));
                }

                readingValue = true;
                result[key] = _value.Read(ref reader);
                readingValue = false;
            }
        }
        catch (FormatReadException ex) when (readingValue && ex.AddPropertySegment($"{key}"))
        {
            throw;
        }

        reader.VerifyCount(claimed, count);
        return _factory.Complete(result);
    }

    private void WriteEntry(ref FastJsonWriter writer, TKey key, TValue item)
    {
        _key.Write(ref writer, key);
        _value.Write(ref writer, item);
    }
}
