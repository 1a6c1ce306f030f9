using System.Text;
using System.Text.Json.Nodes;
using FastFormatters.Serialization;
using FastFormatters.Serialization.Objects;

namespace FastFormatters.Json.Converters;

/// <summary>Plain objects, records and structs as JSON objects of their members, as their <see cref="ObjectContract{T}"/> says.</summary>
internal sealed class JsonObjectConverter<T> : JsonValueConverter<T>, IObjectConverter<T>
{
    private ObjectContract<T> _contract = null!;
    private JsonMember<T>[] _writeMembers = [];
    private JsonMember<T>[] _readMembers = [];
    private JsonObjectValueConverter? _extensionValues;

    // Asked by a recursive member while this type is still being built: readable until its contract says otherwise.
    internal override string? ReadUnsupportedReason => _contract?.ReadUnsupportedReason;

    internal override JsonObject DescribeSchema(SchemaBuilder schema) => _contract.DescribeSchema(schema);

    public void Initialize(ObjectContract<T> contract)
    {
        _contract = contract;
        _writeMembers = Array.ConvertAll(contract.WriteMembers, member => member.Accept(JsonMember<T>.Factory.Instance));
        _readMembers = Array.ConvertAll(contract.ReadMembers, member => member.Accept(JsonMember<T>.Factory.Instance));
        _extensionValues = (JsonObjectValueConverter?)contract.ExtensionData?.Values;
    }

    public override void Write(ref FastJsonWriter writer, T value)
    {
        if (value is null)
        {
            writer.WriteNull();
            return;
        }

        writer.WriteBeginObject();
        foreach (var member in _writeMembers)
        {
            member.Write(ref writer, value);
        }

        if (_contract.ExtensionData?.Entries(value) is { } entries)
        {
            foreach (var (key, entry) in entries)
            {
                writer.WritePropertyName(key.AsSpan());
                _extensionValues!.Write(ref writer, entry);
            }
        }

        writer.WriteEndObject();
    }

    public override T Read(ref FastJsonReader reader)
    {
        var contract = _contract;
        if (reader.TryReadNull())
        {
            // The error is built only for a struct: an exception made and not thrown would cost every null object.
            return typeof(T).IsValueType ? throw reader.Error($"null is not a valid {typeof(T).Name}.") : default!;
        }

        contract.EnsureReadable();
        var state = new ObjectReadState<T>(contract);
        int claimed = reader.ReadBeginCountedObject();
        int count = 0;
        int hint = 0;
        ulong required = 0;
        var seen = default(SeenKeys);
        JsonMember<T>? current = null;
        string? extensionKey = null;
        string? receivedName = null;
        try
        {
            var readMembers = _readMembers;
            while (reader.ReadIsInObject())
            {
                count++;
                int index;
                ReadOnlySpan<byte> name;

                // Members mostly come in the order they were written in, each name as this format writes it: the
                // member expected next is matched on those bytes, without reading the name as a string.
                if ((uint)hint < (uint)readMembers.Length && reader.TryReadPropertyName(readMembers[hint].Name))
                {
                    index = hint++;
                    name = readMembers[index].Member.Name.Utf8;
                }
                else
                {
                    // A name equal to a member's is valid UTF-8 as that name is: only names that match none are checked.
                    name = reader.ReadUncheckedPropertyName();
                    index = contract.FindMember(name, ref hint);
                }

                if (index < 0)
                {
                    reader.EnsureUtf8(name);

                    // Matched ignoring case: an error in its value names the member as the body spelled it.
                    if ((index = contract.FindMemberIgnoringCase(name)) >= 0)
                    {
                        receivedName = Encoding.UTF8.GetString(name);
                    }
                }

                if (reader.RejectsDuplicateKeys && !contract.IsFirst(ref seen, index, name))
                {
                    throw reader.Error(SeenKeys.DuplicateMessage(Encoding.UTF8.GetString(name)));
                }

                if (index >= 0)
                {
                    current = readMembers[index];
                    int requiredIndex = current.Member.RequiredIndex;
                    required |= requiredIndex >= 0 ? 1UL << requiredIndex : 0;
                    if (state.Arguments is null)
                    {
                        current.Read(ref reader, ref state.Result);
                    }
                    else
                    {
                        current.ReadArgument(ref reader, state.Arguments);
                    }

                    current = null;
                    receivedName = null;
                }
                else if (_extensionValues is not null)
                {
                    extensionKey = Encoding.UTF8.GetString(name);
                    state.AddExtension(extensionKey, _extensionValues.Read(ref reader));
                    extensionKey = null;
                }
                else if (contract.IsUnmapped(name))
                {
                    throw reader.Error(ObjectContract<T>.UnmappedMessage(name));
                }
                else
                {
                    SkipUnknownValue(ref reader, name);
                }
            }
        }
        catch (FormatReadException ex) when ((receivedName ?? current?.Member.Name.Name ?? extensionKey) is { } failing && ex.AddPropertySegment(failing))
        {
            throw;
        }

        reader.VerifyCount(claimed, count);
        if (required != contract.RequiredMask)
        {
            throw reader.Error(contract.MissingMessage(required));
        }

        return state.Finish();
    }

    // An error in the value of a member the type does not have is keyed by that member's name, as System.Text.Json keys
    // it ($.a for {"a":{"b"}}); the name is made into a string only then.
    private static void SkipUnknownValue(ref FastJsonReader reader, ReadOnlySpan<byte> name)
    {
        try
        {
            reader.SkipValue();
        }
        catch (FormatReadException ex) when (ex.AddPropertySegment(Encoding.UTF8.GetString(name)))
        {
            throw;
        }
    }
}
