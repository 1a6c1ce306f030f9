using System.Text;
using System.Text.Json.Nodes;
using FastFormatters.Serialization.Objects;
using FastFormatters.Serialization.Shapes;

namespace FastFormatters.Serialization.Composites;

/// <summary>
/// A plain object, record or struct as a map of its members (a JSON object, a MessagePack map), as its
/// <see cref="ObjectContract{T}"/> says: created empty, so a recursive type resolves to its converter while it is being
/// built, then given the contract and the format's members by <see cref="Initialize"/> through its format's shell.
/// </summary>
internal struct ObjectComposite<TCodec, TWriter, TReader, T> : IComposite<T, TWriter, TReader>
    where TCodec : struct, IFormatCodec<TWriter, TReader>
    where TWriter : allows ref struct
    where TReader : allows ref struct
{
    private ObjectContract<T> _contract;
    private FormatMember<TCodec, TWriter, TReader, T>[] _writeMembers;
    private FormatMember<TCodec, TWriter, TReader, T>[] _readMembers;
    private ValueConverter<object?, TWriter, TReader>? _extensionValues;

    public ObjectComposite()
    {
        _contract = null!;
        _writeMembers = [];
        _readMembers = [];
    }

    /// <summary>The type's contract, once <see cref="Initialize"/> has been given it.</summary>
    public readonly ObjectContract<T> Contract => _contract;

    // Asked by a recursive member while this type is still being built: readable until its contract says otherwise.
    public readonly string? ReadUnsupportedReason => _contract?.ReadUnsupportedReason;

    public readonly bool IsPolymorphic => false;

    /// <summary>Takes the type's contract, its members made by the format's <paramref name="members"/>.</summary>
    public void Initialize(ObjectContract<T> contract, IObjectMemberVisitor<T, FormatMember<TCodec, TWriter, TReader, T>> members)
    {
        _contract = contract;
        _writeMembers = Array.ConvertAll(contract.WriteMembers, member => member.Accept(members));
        _readMembers = Array.ConvertAll(contract.ReadMembers, member => member.Accept(members));
        _extensionValues = contract.ExtensionData?.Values is { } values ? TCodec.Served(values) : null;
    }

    public readonly JsonObject DescribeSchema(SchemaBuilder schema) => _contract.DescribeSchema(schema);

    public readonly TResult? VisitStreamedElement<TResult>(ITypeVisitor<TResult> visitor)
        where TResult : class
        => null;

    /// <summary>Writes <paramref name="value"/>, which is not null: the format's shell writes null itself.</summary>
    public readonly void Write(ref TWriter writer, T value)
    {
        var contract = _contract;
        var entries = contract.ExtensionData?.Entries(value);
        int count = -1;
        if (TCodec.CountsFirst)
        {
            // The header states the size first: count what will be written when members can be left out.
            count = _writeMembers.Length + (entries?.Count ?? 0);
            if (contract.HasConditionalMembers)
            {
                foreach (var member in contract.WriteMembers)
                {
                    count -= member.IsOmitted(value) ? 1 : 0;
                }
            }
        }

        TCodec.WriteBeginObject(ref writer, count);
        foreach (var member in _writeMembers)
        {
            member.Write(ref writer, ref value);
        }

        if (entries is not null)
        {
            foreach (var (key, entry) in entries)
            {
                TCodec.WriteMemberName(ref writer, key);
                _extensionValues!.Write(ref writer, entry);
            }
        }

        TCodec.WriteEndMap(ref writer);
    }

    public readonly T Read(ref TReader reader)
    {
        if (TCodec.TryReadNull(ref reader))
        {
            return TCodec.NullObject<T>(ref reader);
        }

        var contract = _contract;
        contract.EnsureReadable();
        var state = new ObjectReadState<T>(contract);
        int claimed = TCodec.ReadBeginMap(ref reader);
        int count = 0;
        int hint = 0;
        ulong required = 0;
        var seen = default(SeenKeys);
        FormatMember<TCodec, TWriter, TReader, T>? current = null;
        string? extensionKey = null;
        string? receivedName = null;
        try
        {
            var readMembers = _readMembers;
            while (TCodec.ReadIsInMap(ref reader, claimed, count))
            {
                count++;
                int index;
                ReadOnlySpan<byte> name;

                // Members mostly come in the order they were written in, each name as this format writes it: the
                // member expected next is matched on those bytes, without reading the name as a string.
                if ((uint)hint < (uint)readMembers.Length && TCodec.TryReadMemberName(ref reader, readMembers[hint].Name))
                {
                    index = hint++;
                    name = readMembers[index].Member.Name.Utf8;
                }
                else if (TCodec.SkipEntryIfUnnamed(ref reader))
                {
                    continue;
                }
                else
                {
                    // A name equal to a member's is valid UTF-8 as that name is: only names that match none are checked.
                    name = TCodec.ReadUncheckedMemberName(ref reader);
                    index = contract.FindMember(name, ref hint);
                }

                if (index < 0)
                {
                    TCodec.EnsureUtf8(ref reader, name);

                    // Matched ignoring case: an error in its value names the member as the body spelled it.
                    if ((index = contract.FindMemberIgnoringCase(name)) >= 0)
                    {
                        receivedName = Encoding.UTF8.GetString(name);
                    }
                }

                if (TCodec.RejectsDuplicateKeys(ref reader) && !contract.IsFirst(ref seen, index, name))
                {
                    throw TCodec.Error(ref reader, SeenKeys.DuplicateMessage(Encoding.UTF8.GetString(name)));
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
                    throw TCodec.Error(ref reader, ObjectContract<T>.UnmappedMessage(name));
                }
                else
                {
                    TCodec.SkipUnknownMemberValue(ref reader, name);
                }
            }
        }
        catch (FormatReadException ex) when ((receivedName ?? current?.Member.Name.Name ?? extensionKey) is { } failing && ex.AddPropertySegment(failing))
        {
            throw;
        }

        TCodec.ReadEndMap(ref reader, claimed, count);
        if (required != contract.RequiredMask)
        {
            throw TCodec.Error(ref reader, contract.MissingMessage(required));
        }

        return state.Finish();
    }
}
