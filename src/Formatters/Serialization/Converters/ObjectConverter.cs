using System.Text;
using FastFormatters.Json;

namespace FastFormatters.Serialization.Converters;

/// <summary>
/// Plain objects, records and structs: a JSON object of their members. Built by <see cref="ObjectConverterBuilder"/>.
/// </summary>
internal sealed class ObjectConverter<T> : ValueConverter<T>
{
    private ObjectMember<T>[] _writeMembers = [];
    private ObjectMember<T>[] _readMembers = [];
    private Func<T>? _create;
    private ConstructorPlan<T>? _constructor;
    private ExtensionDataMember<T>? _extensionData;
    private string? _readUnsupportedReason;

    public override string? ReadUnsupportedReason => _readUnsupportedReason;

    internal void Initialize(
        ObjectMember<T>[] writeMembers,
        ObjectMember<T>[] readMembers,
        Func<T>? create,
        ConstructorPlan<T>? constructor,
        ExtensionDataMember<T>? extensionData,
        string? readUnsupportedReason)
    {
        _writeMembers = writeMembers;
        _readMembers = readMembers;
        _create = create;
        _constructor = constructor;
        _extensionData = extensionData;
        _readUnsupportedReason = readUnsupportedReason;
    }

    public override void WriteJson(ref JsonWriter writer, T value)
    {
        if (value is null)
        {
            writer.WriteNull();
            return;
        }

        writer.WriteBeginObject();
        bool separator = false;
        foreach (var member in _writeMembers)
        {
            separator |= member.WriteJson(ref writer, value, separator);
        }

        _extensionData?.WriteJson(ref writer, value, separator);
        writer.WriteEndObject();
    }

    public override T ReadJson(ref JsonReader reader)
    {
        if (reader.TryReadNull())
        {
            return typeof(T).IsValueType ? throw reader.Error($"null is not a valid {typeof(T).Name}.") : default!;
        }

        if (_readUnsupportedReason is not null)
        {
            throw new NotSupportedException(_readUnsupportedReason);
        }

        return _constructor is null ? ReadWithSetters(ref reader) : ReadWithConstructor(ref reader, _constructor);
    }

    private T ReadWithSetters(ref JsonReader reader)
    {
        var result = _create!();
        reader.ReadBeginObject();
        int count = 0;
        int hint = 0;
        ObjectMember<T>? current = null;
        try
        {
            while (reader.ReadIsInObject(ref count))
            {
                var name = reader.ReadPropertyName();
                current = FindMember(name, ref hint);
                if (current is not null)
                {
                    current.ReadJson(ref reader, ref result);
                    current = null;
                }
                else if (_extensionData is not null)
                {
                    string key = Encoding.UTF8.GetString(name);
                    _extensionData.Add(ref result, key, _extensionData.ReadValue(ref reader));
                }
                else
                {
                    reader.SkipValue();
                }
            }
        }
        catch (FormatReadException ex) when (current is not null)
        {
            ex.PrependPathSegment("." + current.Name.Name);
            throw;
        }

        return result;
    }

    private T ReadWithConstructor(ref JsonReader reader, ConstructorPlan<T> constructor)
    {
        var values = new object?[_readMembers.Length];
        var seen = new bool[_readMembers.Length];
        List<KeyValuePair<string, object?>>? extension = null;
        reader.ReadBeginObject();
        int count = 0;
        int hint = 0;
        ObjectMember<T>? current = null;
        try
        {
            while (reader.ReadIsInObject(ref count))
            {
                var name = reader.ReadPropertyName();
                current = FindMember(name, ref hint);
                if (current is not null)
                {
                    values[current.ReadIndex] = current.ReadJsonBoxed(ref reader);
                    seen[current.ReadIndex] = true;
                    current = null;
                }
                else if (_extensionData is not null)
                {
                    string key = Encoding.UTF8.GetString(name);
                    (extension ??= []).Add(new(key, _extensionData.ReadValue(ref reader)));
                }
                else
                {
                    reader.SkipValue();
                }
            }
        }
        catch (FormatReadException ex) when (current is not null)
        {
            ex.PrependPathSegment("." + current.Name.Name);
            throw;
        }

        var result = constructor.Invoke(values, seen);
        foreach (var member in _readMembers)
        {
            if (seen[member.ReadIndex] && !member.IsConstructorParameter)
            {
                member.SetBoxed(ref result, values[member.ReadIndex]);
            }
        }

        if (extension is not null)
        {
            foreach (var (key, value) in extension)
            {
                _extensionData!.Add(ref result, key, value);
            }
        }

        return result;
    }

    // Members usually arrive in declaration order, so the one after the last match is tried first; then an exact
    // search, then a case-insensitive one (ASP.NET Core's web defaults match names case-insensitively).
    private ObjectMember<T>? FindMember(ReadOnlySpan<byte> name, ref int hint)
    {
        var members = _readMembers;
        if ((uint)hint < (uint)members.Length && name.SequenceEqual(members[hint].Name.Utf8))
        {
            return members[hint++];
        }

        for (int i = 0; i < members.Length; i++)
        {
            if (name.SequenceEqual(members[i].Name.Utf8))
            {
                hint = i + 1;
                return members[i];
            }
        }

        return FindMemberIgnoreCase(name);
    }

    private ObjectMember<T>? FindMemberIgnoreCase(ReadOnlySpan<byte> name)
    {
        if (Ascii.IsValid(name))
        {
            foreach (var member in _readMembers)
            {
                if (Ascii.EqualsIgnoreCase(name, member.Name.Utf8))
                {
                    return member;
                }
            }

            return null;
        }

        string text = Encoding.UTF8.GetString(name);
        foreach (var member in _readMembers)
        {
            if (string.Equals(text, member.Name.Name, StringComparison.OrdinalIgnoreCase))
            {
                return member;
            }
        }

        return null;
    }
}
