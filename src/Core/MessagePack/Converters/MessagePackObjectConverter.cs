using System.Text;
using System.Text.Json.Nodes;
using FastFormatters.Serialization;
using FastFormatters.Serialization.Objects;

namespace FastFormatters.MessagePack.Converters;

/// <summary>
/// Plain objects, records and structs as MessagePack maps of their members, or arrays indexed by key when the contract
/// keys members by integers, as their <see cref="ObjectContract{T}"/> says.
/// </summary>
internal sealed class MessagePackObjectConverter<T> : MessagePackValueConverter<T>, IObjectConverter<T>
{
    private ObjectContract<T> _contract = null!;
    private MessagePackMember<T>[] _writeMembers = [];
    private MessagePackMember<T>[] _readMembers = [];
    private MessagePackMember<T>?[]? _keyedMembers;
    private MessagePackObjectValueConverter? _extensionValues;

    // Asked by a recursive member while this type is still being built: readable until its contract says otherwise.
    internal override string? ReadUnsupportedReason => _contract?.ReadUnsupportedReason;

    internal override JsonObject DescribeSchema(SchemaBuilder schema) => _contract.DescribeSchema(schema);

    public void Initialize(ObjectContract<T> contract)
    {
        _contract = contract;
        _writeMembers = Array.ConvertAll(contract.WriteMembers, member => member.Accept(MessagePackMember<T>.Factory.Instance));
        _readMembers = Array.ConvertAll(contract.ReadMembers, member => member.Accept(MessagePackMember<T>.Factory.Instance));
        _keyedMembers = contract.KeyedMembers is { } keyed ? Array.ConvertAll(keyed, member => member?.Accept(MessagePackMember<T>.Factory.Instance)) : null;
        _extensionValues = (MessagePackObjectValueConverter?)contract.ExtensionData?.Values;
    }

    public override void Write(ref FastMessagePackWriter writer, T value)
    {
        if (value is null)
        {
            writer.WriteNil();
            return;
        }

        if (_keyedMembers is not null)
        {
            WriteArray(ref writer, value);
            return;
        }

        // A map states its size first: count what will be written when members can be left out.
        var contract = _contract;
        bool conditional = contract.HasConditionalMembers;
        int count = _writeMembers.Length;
        if (conditional)
        {
            foreach (var member in contract.WriteMembers)
            {
                count -= member.IsOmitted(value) ? 1 : 0;
            }
        }

        var entries = contract.ExtensionData?.Entries(value);
        writer.WriteMapHeader(count + (entries?.Count ?? 0));
        foreach (var member in _writeMembers)
        {
            if (!conditional || !member.Member.IsOmitted(value))
            {
                member.Write(ref writer, value);
            }
        }

        if (entries is not null)
        {
            foreach (var (key, entry) in entries)
            {
                writer.WriteString(key);
                _extensionValues!.Write(ref writer, entry);
            }
        }

        writer.WriteEndContainer();
    }

    public override T Read(ref FastMessagePackReader reader)
    {
        var contract = _contract;
        if (reader.TryReadNil())
        {
            // The error is built only for a struct: an exception made and not thrown would cost every null object.
            return typeof(T).IsValueType ? throw reader.Error($"nil is not a valid {typeof(T).Name}.") : default!;
        }

        contract.EnsureReadable();
        if (_keyedMembers is not null)
        {
            return ReadArray(ref reader);
        }

        var state = new ObjectReadState<T>(contract);
        int count = reader.ReadMapHeader();
        int hint = 0;
        ulong required = 0;
        var seen = default(SeenKeys);
        MessagePackMember<T>? current = null;
        string? extensionKey = null;
        string? receivedName = null;
        try
        {
            var readMembers = _readMembers;
            for (int i = 0; i < count; i++)
            {
                int index;
                ReadOnlySpan<byte> name;

                // Keys mostly come in the order they were written in, each as its name's own encoding: the member
                // expected next is matched on its encoded bytes, without decoding the key.
                if ((uint)hint < (uint)readMembers.Length && reader.TryReadEncoded(readMembers[hint].Name.Span))
                {
                    index = hint++;
                    name = readMembers[index].Member.Name.Utf8;
                }
                else if (reader.PeekKind() != MessagePackValueKind.String)
                {
                    // Members are named by strings; any other key is not one of ours.
                    reader.Skip();
                    reader.Skip();
                    continue;
                }
                else
                {
                    // A key equal to a member's name is valid UTF-8 as that name is: only keys that match none are checked.
                    name = reader.ReadUncheckedStringSpan();
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
                    reader.Skip();
                }
            }
        }
        catch (FormatReadException ex) when ((receivedName ?? current?.Member.Name.Name ?? extensionKey) is { } failing && ex.AddPropertySegment(failing))
        {
            throw;
        }

        reader.EndContainer();
        if (required != contract.RequiredMask)
        {
            throw reader.Error(contract.MissingMessage(required));
        }

        return state.Finish();
    }

    private void WriteArray(ref FastMessagePackWriter writer, T value)
    {
        var members = _keyedMembers!;
        writer.WriteArrayHeader(members.Length);
        foreach (var member in members)
        {
            if (member is not null && member.Member.CanGet)
            {
                member.WriteValue(ref writer, value);
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
    private T ReadArray(ref FastMessagePackReader reader)
    {
        var state = new ObjectReadState<T>(_contract);
        var members = _keyedMembers!;
        int count = reader.ReadArrayHeader();
        MessagePackMember<T>? current = null;
        try
        {
            for (int i = 0; i < count; i++)
            {
                current = i < members.Length ? members[i] : null;
                int readIndex = current?.Member.ReadIndex ?? -1;
                if (readIndex < 0)
                {
                    reader.Skip();
                }
                else if (state.Arguments is null)
                {
                    current!.Read(ref reader, ref state.Result);
                }
                else
                {
                    current!.ReadArgument(ref reader, state.Arguments);
                }
            }

            current = null;
        }
        catch (FormatReadException ex) when (current is not null && ex.AddPathSegment("[" + current.Member.Key + "]"))
        {
            throw;
        }

        reader.EndContainer();
        return state.Finish();
    }
}
