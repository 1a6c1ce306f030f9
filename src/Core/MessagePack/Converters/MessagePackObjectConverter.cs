using System.Text.Json.Nodes;
using FastFormatters.Serialization;
using FastFormatters.Serialization.Composites;
using FastFormatters.Serialization.Objects;

namespace FastFormatters.MessagePack.Converters;

/// <summary>
/// Plain objects, records and structs as MessagePack maps of their members (the object composite,
/// <see cref="ObjectComposite{TCodec, TWriter, TReader, T}"/>), or arrays indexed by key when the contract keys members
/// by integers, as their <see cref="ObjectContract{T}"/> says.
/// </summary>
internal sealed class MessagePackObjectConverter<T> : MessagePackValueConverter<T>, IObjectConverter<T>
{
    // Not readonly: Initialize sets it in place.
    private ObjectComposite<MessagePackCodec, FastMessagePackWriter, FastMessagePackReader, T> _composite = new();
    private MessagePackMember<T>?[]? _keyedMembers;

    internal override string? ReadUnsupportedReason => _composite.ReadUnsupportedReason;

    internal override JsonObject DescribeSchema(SchemaBuilder schema) => _composite.DescribeSchema(schema);

    public void Initialize(ObjectContract<T> contract)
    {
        _composite.Initialize(contract, MessagePackMember<T>.Factory.Instance);
        _keyedMembers = contract.KeyedMembers is { } keyed
            ? Array.ConvertAll(keyed, member => (MessagePackMember<T>?)member?.Accept(MessagePackMember<T>.Factory.Instance))
            : null;
    }

    public override void Write(ref FastMessagePackWriter writer, T value)
    {
        if (value is null)
        {
            writer.WriteNil();
        }
        else if (_keyedMembers is null)
        {
            _composite.Write(ref writer, value);
        }
        else
        {
            WriteArray(ref writer, value);
        }
    }

    public override T Read(ref FastMessagePackReader reader)
    {
        if (_keyedMembers is null)
        {
            return _composite.Read(ref reader);
        }

        if (reader.TryReadNil())
        {
            return MessagePackCodec.NullObject<T>(ref reader);
        }

        _composite.Contract.EnsureReadable();
        return ReadArray(ref reader);
    }

    private void WriteArray(ref FastMessagePackWriter writer, T value)
    {
        var members = _keyedMembers!;
        writer.WriteArrayHeader(members.Length);
        foreach (var member in members)
        {
            if (member is not null && member.Member.CanGet)
            {
                member.WriteValue(ref writer, ref value);
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
        var state = new ObjectReadState<T>(_composite.Contract);
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
