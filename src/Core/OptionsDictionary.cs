using System.Collections;
using System.Diagnostics.CodeAnalysis;

namespace FastFormatters;

/// <summary>A dictionary of options, keyed ignoring case, that refuses changes once its options are read-only.</summary>
internal sealed class OptionsDictionary<TValue>(Action verifyMutable) : IDictionary<string, TValue>
{
    private readonly Dictionary<string, TValue> _entries = new(StringComparer.OrdinalIgnoreCase);

    public TValue this[string key]
    {
        get => _entries[key];
        set
        {
            verifyMutable();
            _entries[key] = value;
        }
    }

    public ICollection<string> Keys => _entries.Keys;

    public ICollection<TValue> Values => _entries.Values;

    public int Count => _entries.Count;

    public bool IsReadOnly => false;

    public void Add(string key, TValue value)
    {
        verifyMutable();
        _entries.Add(key, value);
    }

    public void Add(KeyValuePair<string, TValue> item) => Add(item.Key, item.Value);

    public void Clear()
    {
        verifyMutable();
        _entries.Clear();
    }

    public bool Contains(KeyValuePair<string, TValue> item) => ((ICollection<KeyValuePair<string, TValue>>)_entries).Contains(item);

    public bool ContainsKey(string key) => _entries.ContainsKey(key);

    public void CopyTo(KeyValuePair<string, TValue>[] array, int arrayIndex) => ((ICollection<KeyValuePair<string, TValue>>)_entries).CopyTo(array, arrayIndex);

    public IEnumerator<KeyValuePair<string, TValue>> GetEnumerator() => _entries.GetEnumerator();

    public bool Remove(string key)
    {
        verifyMutable();
        return _entries.Remove(key);
    }

    public bool Remove(KeyValuePair<string, TValue> item)
    {
        verifyMutable();
        return ((ICollection<KeyValuePair<string, TValue>>)_entries).Remove(item);
    }

    public bool TryGetValue(string key, [MaybeNullWhen(false)] out TValue value) => _entries.TryGetValue(key, out value);

    IEnumerator IEnumerable.GetEnumerator() => GetEnumerator();
}
