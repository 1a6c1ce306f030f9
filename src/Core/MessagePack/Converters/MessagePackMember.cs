using FastFormatters.Buffers;
using FastFormatters.Serialization.Objects;
using FastFormatters.Serialization.Shapes;

namespace FastFormatters.MessagePack.Converters;

/// <summary>One member of <typeparamref name="TOwner"/> as MessagePack: its encoded name and its value's converter.</summary>
internal abstract class MessagePackMember<TOwner>
{
    protected MessagePackMember(ObjectMember<TOwner> member)
    {
        Member = member;
        Name = new EncodedBytes(FastMessagePackWriter.EncodeString(member.Name.Utf8));
    }

    /// <summary>The member in the type's contract.</summary>
    public ObjectMember<TOwner> Member { get; }

    /// <summary>The name as a MessagePack string (header and bytes).</summary>
    public EncodedBytes Name { get; }

    /// <summary>Writes the key and value; the caller has checked <see cref="ObjectMember{TOwner}.IsOmitted"/>.</summary>
    public abstract void Write(ref FastMessagePackWriter writer, TOwner owner);

    /// <summary>Writes the value alone, as an element of an object encoded as an array.</summary>
    public abstract void WriteValue(ref FastMessagePackWriter writer, TOwner owner);

    public abstract void Read(ref FastMessagePackReader reader, ref TOwner owner);

    /// <summary>Reads the value into <paramref name="arguments"/>, where it waits for the owner's constructor.</summary>
    public abstract void ReadArgument(ref FastMessagePackReader reader, ConstructorArguments arguments);

    /// <summary>Makes the MessagePack member of each contract member, with its value type known statically.</summary>
    public sealed class Factory : IObjectMemberVisitor<TOwner, MessagePackMember<TOwner>>
    {
        public static readonly Factory Instance = new();

        public MessagePackMember<TOwner> Visit<TValue>(ObjectMember<TOwner, TValue> member) => new MessagePackMember<TOwner, TValue>(member);
    }
}

internal sealed class MessagePackMember<TOwner, TValue> : MessagePackMember<TOwner>
{
    private readonly MemberGetter<TOwner, TValue>? _getter;
    private readonly MemberSetter<TOwner, TValue>? _setter;
    private readonly MessagePackValueConverter<TValue> _converter;

    public MessagePackMember(ObjectMember<TOwner, TValue> member)
        : base(member)
    {
        _getter = member.Getter;
        _setter = member.Setter;
        _converter = (MessagePackValueConverter<TValue>)member.Converter;
    }

    public override void Write(ref FastMessagePackWriter writer, TOwner owner)
    {
        writer.WriteRaw(Name);
        _converter.Write(ref writer, _getter!(ref owner));
    }

    public override void WriteValue(ref FastMessagePackWriter writer, TOwner owner) => _converter.Write(ref writer, _getter!(ref owner));

    public override void Read(ref FastMessagePackReader reader, ref TOwner owner) => _setter!(ref owner, _converter.Read(ref reader));

    public override void ReadArgument(ref FastMessagePackReader reader, ConstructorArguments arguments) => arguments.Set(Member.ReadIndex, _converter.Read(ref reader));
}
