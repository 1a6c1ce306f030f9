using System.Reflection;
using System.Text.Json.Nodes;
using System.Text;
using FastFormatters.Json;
using FastFormatters.MessagePack;

namespace FastFormatters.Serialization.Converters;

/// <summary>
/// Plain objects, records and structs: a JSON object, or a MessagePack map of their members (an array indexed by key
/// when the contract keys members by integers). Built by <see cref="ObjectConverterBuilder"/>.
/// </summary>
internal sealed class ObjectConverter<T> : ValueConverter<T>
{
    private ObjectMember<T>[] _writeMembers = [];
    private ObjectMember<T>[] _readMembers = [];
    private ObjectMember<T>?[]? _keyedMembers;
    private bool _hasConditionalMembers;
    private Func<T>? _create;
    private ConstructorPlan<T>? _constructor;
    private ExtensionDataMember<T>? _extensionData;
    private string? _readUnsupportedReason;
    private bool _matchIgnoringCase = true;
    private bool _rejectUnmapped;
    private ulong _requiredMask;

    public override string? ReadUnsupportedReason => _readUnsupportedReason;

    /// <summary>
    /// A named definition: an object of the members written and read (a MessagePack array by key when members are keyed
    /// by integers), each nullable as its declaration says, read-only or write-only as the contract makes it.
    /// </summary>
    public override JsonObject DescribeSchema(SchemaBuilder schema) => schema.Reference(typeof(T), Describe);

    private JsonObject Describe(SchemaBuilder schema)
    {
        var nullability = new NullabilityInfoContext();
        if (_keyedMembers is not null)
        {
            var items = new JsonObject[_keyedMembers.Length];
            for (int key = 0; key < items.Length; key++)
            {
                items[key] = _keyedMembers[key] is { } keyed ? DescribeMember(keyed, schema, nullability) : SchemaBuilder.Of("null");
            }

            var array = SchemaBuilder.Tuple(items);
            array.Remove("minItems");
            return array;
        }

        var properties = new JsonObject();
        var required = new JsonArray();
        foreach (var member in _writeMembers.Concat(_readMembers).Distinct())
        {
            var value = DescribeMember(member, schema, nullability);
            if (!member.CanGet)
            {
                value = new JsonObject { ["allOf"] = new JsonArray(value), ["writeOnly"] = true };
            }
            else if (!Array.Exists(_readMembers, read => ReferenceEquals(read, member)))
            {
                value = new JsonObject { ["allOf"] = new JsonArray(value), ["readOnly"] = true };
            }

            properties[member.Name.Name] = value;
            if (member.RequiredIndex >= 0)
            {
                required.Add(member.Name.Name);
            }
        }

        var described = new JsonObject { ["type"] = "object", ["properties"] = properties };
        if (required.Count > 0)
        {
            described["required"] = required;
        }

        if (_rejectUnmapped && _extensionData is null)
        {
            described["additionalProperties"] = false;
        }

        return described;
    }

    private static JsonObject DescribeMember(ObjectMember<T> member, SchemaBuilder schema, NullabilityInfoContext nullability)
    {
        var value = member.DescribeValue(schema);
        bool mayBeNull = !member.ValueType.IsValueType && member.Member switch
        {
            PropertyInfo property => nullability.Create(property).ReadState != NullabilityState.NotNull,
            FieldInfo field => nullability.Create(field).ReadState != NullabilityState.NotNull,
            _ => true,
        };
        return mayBeNull ? SchemaBuilder.OrNull(value) : value;
    }

    internal void Initialize(
        ObjectMember<T>[] writeMembers,
        ObjectMember<T>[] readMembers,
        ObjectMember<T>?[]? keyedMembers,
        Func<T>? create,
        ConstructorPlan<T>? constructor,
        ExtensionDataMember<T>? extensionData,
        string? readUnsupportedReason,
        bool matchIgnoringCase,
        bool rejectUnmapped)
    {
        _matchIgnoringCase = matchIgnoringCase;
        _rejectUnmapped = rejectUnmapped;
        foreach (var member in readMembers)
        {
            _requiredMask |= member.RequiredIndex >= 0 ? 1UL << member.RequiredIndex : 0;
        }

        _writeMembers = writeMembers;
        _readMembers = readMembers;
        _keyedMembers = keyedMembers;
        _hasConditionalMembers = Array.Exists(writeMembers, member => member.IsConditional);
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

    public override void WriteMessagePack(ref MessagePackWriter writer, T value)
    {
        if (value is null)
        {
            writer.WriteNil();
            return;
        }

        if (_keyedMembers is not null)
        {
            WriteMessagePackArray(ref writer, value);
            return;
        }

        // A map states its size first: count what will be written when members can be left out.
        int count = _writeMembers.Length;
        if (_hasConditionalMembers)
        {
            foreach (var member in _writeMembers)
            {
                count -= member.IsOmitted(value) ? 1 : 0;
            }
        }

        writer.WriteMapHeader(count + (_extensionData?.Count(value) ?? 0));
        foreach (var member in _writeMembers)
        {
            if (!_hasConditionalMembers || !member.IsOmitted(value))
            {
                member.WriteMessagePack(ref writer, value);
            }
        }

        _extensionData?.WriteMessagePack(ref writer, value);
        writer.WriteEndContainer();
    }

    public override T ReadJson(ref JsonReader reader)
    {
        if (reader.TryReadNull())
        {
            return NullValue(reader.Error($"null is not a valid {typeof(T).Name}."));
        }

        EnsureReadable();
        var state = new ReadState(this);
        int claimed = reader.ReadBeginObject();
        int count = 0;
        int hint = 0;
        ulong required = 0;
        var seen = default(SeenKeys);
        ObjectMember<T>? current = null;
        string? extensionKey = null;
        try
        {
            while (reader.ReadIsInObject(ref count))
            {
                var name = reader.ReadPropertyName();
                current = FindMember(name, ref hint);
                if (reader.RejectsDuplicateKeys && !IsFirst(ref seen, current, name))
                {
                    throw reader.Error(SeenKeys.DuplicateMessage(Encoding.UTF8.GetString(name)));
                }
                if (current is not null)
                {
                    required |= current.RequiredIndex >= 0 ? 1UL << current.RequiredIndex : 0;
                    if (state.Values is null)
                    {
                        current.ReadJson(ref reader, ref state.Result);
                    }
                    else
                    {
                        state.Set(current, current.ReadJsonBoxed(ref reader));
                    }

                    current = null;
                }
                else if (_extensionData is not null)
                {
                    extensionKey = Encoding.UTF8.GetString(name);
                    state.AddExtension(extensionKey, _extensionData.ReadValue(ref reader));
                    extensionKey = null;
                }
                else if (_rejectUnmapped && !IsWrittenMember(name))
                {
                    throw reader.Error(UnmappedMessage(name));
                }
                else
                {
                    reader.SkipValue();
                }
            }
        }
        catch (FormatReadException ex) when ((current?.Name.Name ?? extensionKey) is { } failing && ex.AddPathSegment("." + failing))
        {
            throw;
        }

        reader.VerifyCount(claimed, count);
        if (required != _requiredMask)
        {
            throw reader.Error(MissingMessage(required));
        }

        return state.Finish();
    }

    public override T ReadMessagePack(ref MessagePackReader reader)
    {
        if (reader.TryReadNil())
        {
            return NullValue(reader.Error($"nil is not a valid {typeof(T).Name}."));
        }

        EnsureReadable();
        if (_keyedMembers is not null)
        {
            return ReadMessagePackArray(ref reader);
        }

        var state = new ReadState(this);
        int count = reader.ReadMapHeader();
        int hint = 0;
        ulong required = 0;
        var seen = default(SeenKeys);
        ObjectMember<T>? current = null;
        string? extensionKey = null;
        try
        {
            for (int i = 0; i < count; i++)
            {
                if (reader.PeekType() != MessagePackType.String)
                {
                    // Members are named by strings; any other key is not one of ours.
                    reader.Skip();
                    reader.Skip();
                    continue;
                }

                var name = reader.ReadStringSpan();
                current = FindMember(name, ref hint);
                if (reader.RejectsDuplicateKeys && !IsFirst(ref seen, current, name))
                {
                    throw reader.Error(SeenKeys.DuplicateMessage(Encoding.UTF8.GetString(name)));
                }
                if (current is not null)
                {
                    required |= current.RequiredIndex >= 0 ? 1UL << current.RequiredIndex : 0;
                    if (state.Values is null)
                    {
                        current.ReadMessagePack(ref reader, ref state.Result);
                    }
                    else
                    {
                        state.Set(current, current.ReadMessagePackBoxed(ref reader));
                    }

                    current = null;
                }
                else if (_extensionData is not null)
                {
                    extensionKey = Encoding.UTF8.GetString(name);
                    state.AddExtension(extensionKey, _extensionData.ReadValue(ref reader));
                    extensionKey = null;
                }
                else if (_rejectUnmapped && !IsWrittenMember(name))
                {
                    throw reader.Error(UnmappedMessage(name));
                }
                else
                {
                    reader.Skip();
                }
            }
        }
        catch (FormatReadException ex) when ((current?.Name.Name ?? extensionKey) is { } failing && ex.AddPathSegment("." + failing))
        {
            throw;
        }

        reader.EndContainer();
        if (required != _requiredMask)
        {
            throw reader.Error(MissingMessage(required));
        }

        return state.Finish();
    }

    private void WriteMessagePackArray(ref MessagePackWriter writer, T value)
    {
        var members = _keyedMembers!;
        writer.WriteArrayHeader(members.Length);
        foreach (var member in members)
        {
            if (member is { CanGet: true })
            {
                member.WriteMessagePackValue(ref writer, value);
            }
            else
            {
                writer.WriteNil();
            }
        }

        writer.WriteEndContainer();
    }

    // As MessagePack-CSharp reads them: a shorter array leaves the last members unset, a longer one's extra
    // elements are skipped.
    private T ReadMessagePackArray(ref MessagePackReader reader)
    {
        var state = new ReadState(this);
        var members = _keyedMembers!;
        int count = reader.ReadArrayHeader();
        ObjectMember<T>? current = null;
        try
        {
            for (int i = 0; i < count; i++)
            {
                current = i < members.Length ? members[i] : null;
                if (current is null || current.ReadIndex < 0)
                {
                    reader.Skip();
                }
                else if (state.Values is null)
                {
                    current.ReadMessagePack(ref reader, ref state.Result);
                }
                else
                {
                    state.Set(current, current.ReadMessagePackBoxed(ref reader));
                }
            }

            current = null;
        }
        catch (FormatReadException ex) when (current is not null && ex.AddPathSegment("[" + current.Key + "]"))
        {
            throw;
        }

        reader.EndContainer();
        return state.Finish();
    }

    // A member of the type that is not read (get-only, output-only) is no unknown member: System.Text.Json skips it.
    private bool IsWrittenMember(ReadOnlySpan<byte> name)
    {
        foreach (var member in _writeMembers)
        {
            if (name.SequenceEqual(member.Name.Utf8) || (_matchIgnoringCase && Ascii.EqualsIgnoreCase(name, member.Name.Utf8)))
            {
                return true;
            }
        }

        return false;
    }

    private static string UnmappedMessage(ReadOnlySpan<byte> name)
        => $"'{Encoding.UTF8.GetString(name)}' is not a member of {typeof(T).Name}, and the contract does not allow unknown members.";

    private string MissingMessage(ulong present)
    {
        var missing = new List<string>();
        foreach (var member in _readMembers)
        {
            if (member.RequiredIndex >= 0 && (present & (1UL << member.RequiredIndex)) == 0)
            {
                missing.Add($"'{member.Name.Name}'");
            }
        }

        return $"{typeof(T).Name} requires the member{(missing.Count > 1 ? "s" : string.Empty)} {string.Join(", ", missing)}, which the body lacks.";
    }

    private bool IsFirst(ref SeenKeys seen, ObjectMember<T>? member, ReadOnlySpan<byte> name)
        => member is null ? seen.AddOther(name) : seen.AddMember(member.ReadIndex, _readMembers.Length);

    private static T NullValue(FormatReadException notNullable) => typeof(T).IsValueType ? throw notNullable : default!;

    private void EnsureReadable()
    {
        if (_readUnsupportedReason is not null)
        {
            throw new NotSupportedException(_readUnsupportedReason);
        }
    }

    // Members usually arrive in declaration order, so the one after the last match is tried first; then an exact
    // search, then, when the contract allows it, a case-insensitive one (ASP.NET Core's web defaults do).
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

        return _matchIgnoringCase ? FindMemberIgnoreCase(name) : null;
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

    /// <summary>
    /// What is read into while reading one object, whatever the format: the object itself when it has a parameterless
    /// constructor, else the values gathered for its constructor; and extension members.
    /// </summary>
    private struct ReadState
    {
        public T Result;
        public readonly object?[]? Values;
        private readonly ObjectConverter<T> _converter;
        private readonly bool[]? _seen;
        private List<KeyValuePair<string, object?>>? _extension;

        public ReadState(ObjectConverter<T> converter)
        {
            _converter = converter;
            _extension = null;
            if (converter._constructor is null)
            {
                Result = converter._create!();
                Values = null;
                _seen = null;
            }
            else
            {
                Result = default!;
                Values = new object?[converter._readMembers.Length];
                _seen = new bool[converter._readMembers.Length];
            }
        }

        public readonly void Set(ObjectMember<T> member, object? value)
        {
            Values![member.ReadIndex] = value;
            _seen![member.ReadIndex] = true;
        }

        public void AddExtension(string key, object? value)
        {
            if (Values is null)
            {
                _converter._extensionData!.Add(ref Result, key, value);
            }
            else
            {
                (_extension ??= []).Add(new(key, value));
            }
        }

        public T Finish()
        {
            if (Values is null)
            {
                return Result;
            }

            Result = _converter._constructor!.Invoke(Values, _seen!);
            foreach (var member in _converter._readMembers)
            {
                if (_seen![member.ReadIndex] && !member.IsConstructorParameter)
                {
                    member.SetBoxed(ref Result, Values[member.ReadIndex]);
                }
            }

            if (_extension is not null)
            {
                foreach (var (key, value) in _extension)
                {
                    _converter._extensionData!.Add(ref Result, key, value);
                }
            }

            return Result;
        }
    }
}
