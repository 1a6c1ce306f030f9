using FastFormatters.Serialization.Composites;
using FastFormatters.Serialization.Objects;
using FastFormatters.Serialization.Shapes;

namespace FastFormatters.MessagePack.Converters;

/// <summary>One member of <typeparamref name="TOwner"/> as MessagePack, in a map by its name or in an array by its key.</summary>
internal abstract class MessagePackMember<TOwner> : FormatMember<MessagePackCodec, FastMessagePackWriter, FastMessagePackReader, TOwner>
{
    protected MessagePackMember(ObjectMember<TOwner> member)
        : base(member)
    {
    }

    /// <summary>Writes the value alone, as an element of an object encoded as an array.</summary>
    public abstract void WriteValue(ref FastMessagePackWriter writer, ref TOwner owner);

    /// <summary>Makes the MessagePack member of each contract member, with its value type known statically.</summary>
    public sealed class Factory : IObjectMemberVisitor<TOwner, FormatMember<MessagePackCodec, FastMessagePackWriter, FastMessagePackReader, TOwner>>
    {
        public static readonly Factory Instance = new();

        public FormatMember<MessagePackCodec, FastMessagePackWriter, FastMessagePackReader, TOwner> Visit<TValue>(ObjectMember<TOwner, TValue> member)
            => new MessagePackMember<TOwner, TValue>(member);
    }
}

/// <inheritdoc />
internal sealed class MessagePackMember<TOwner, TValue> : MessagePackMember<TOwner>
{
    private readonly ObjectMember<TOwner, TValue> _member;
    private readonly MemberGetter<TOwner, TValue>? _getter;
    private readonly MemberSetter<TOwner, TValue>? _setter;
    private readonly MessagePackValueConverter<TValue> _converter;
    private readonly bool _isConditional;

    public MessagePackMember(ObjectMember<TOwner, TValue> member)
        : base(member)
    {
        _member = member;
        _getter = member.Getter;
        _setter = member.Setter;
        _converter = (MessagePackValueConverter<TValue>)member.Converter;
        _isConditional = member.IsConditional;
    }

    public override void Write(ref FastMessagePackWriter writer, ref TOwner owner)
    {
        var value = _getter!(ref owner);
        if (_isConditional && _member.IsOmittedValue(value))
        {
            return;
        }

        MessagePackCodec.WriteMemberName(ref writer, Name);
        _converter.Write(ref writer, value);
    }

    public override void WriteValue(ref FastMessagePackWriter writer, ref TOwner owner) => _converter.Write(ref writer, _getter!(ref owner));

    public override void Read(ref FastMessagePackReader reader, ref TOwner owner) => _setter!(ref owner, _converter.Read(ref reader));

    public override void ReadArgument(ref FastMessagePackReader reader, ConstructorArguments arguments) => arguments.Set(_member.ReadIndex, _converter.Read(ref reader));
}
