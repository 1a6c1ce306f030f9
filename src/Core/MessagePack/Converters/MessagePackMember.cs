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
            => member.IsConditional ? new ConditionalMessagePackMember<TOwner, TValue>(member) : new MessagePackMember<TOwner, TValue>(member);
    }
}

/// <summary>A member always written (see <see cref="ConditionalMessagePackMember{TOwner, TValue}"/> for one that may be left out).</summary>
internal class MessagePackMember<TOwner, TValue> : MessagePackMember<TOwner>
{
    private readonly ObjectMember<TOwner, TValue> _member;
    private readonly MemberGetter<TOwner, TValue>? _getter;
    private readonly MemberSetter<TOwner, TValue>? _setter;
    private readonly MessagePackValueConverter<TValue> _converter;

    public MessagePackMember(ObjectMember<TOwner, TValue> member)
        : base(member)
    {
        _member = member;
        _getter = member.Getter;
        _setter = member.Setter;
        _converter = (MessagePackValueConverter<TValue>)member.Converter;
    }

    // Without a branch, the runtime's profile-guided optimization keeps this method's own profile; with the test for an
    // omitted value here it compiled the method with synthesized counts, and the Twitter MessagePack write was 9 % slower.
    public override void Write(ref FastMessagePackWriter writer, ref TOwner owner)
    {
        MessagePackCodec.WriteMemberName(ref writer, Name);
        _converter.Write(ref writer, _getter!(ref owner));
    }

    /// <summary>Writes the name and <paramref name="value"/>, unless the contract leaves the value out.</summary>
    protected void WriteUnlessOmitted(ref FastMessagePackWriter writer, TValue value)
    {
        if (!_member.IsOmittedValue(value))
        {
            MessagePackCodec.WriteMemberName(ref writer, Name);
            _converter.Write(ref writer, value);
        }
    }

    protected TValue Get(ref TOwner owner) => _getter!(ref owner);

    public override void WriteValue(ref FastMessagePackWriter writer, ref TOwner owner) => _converter.Write(ref writer, _getter!(ref owner));

    public override void Read(ref FastMessagePackReader reader, ref TOwner owner) => _setter!(ref owner, _converter.Read(ref reader));

    public override void ReadArgument(ref FastMessagePackReader reader, ConstructorArguments arguments) => arguments.Set(_member.ReadIndex, _converter.Read(ref reader));
}

/// <summary>A member the contract leaves out for some values (null, or its type's default).</summary>
internal sealed class ConditionalMessagePackMember<TOwner, TValue>(ObjectMember<TOwner, TValue> member) : MessagePackMember<TOwner, TValue>(member)
{
    public override void Write(ref FastMessagePackWriter writer, ref TOwner owner) => WriteUnlessOmitted(ref writer, Get(ref owner));
}
