using FastFormatters.Serialization.Objects;
using FastFormatters.Serialization.Shapes;

namespace FastFormatters.Serialization.Composites;

/// <summary>
/// One member of <typeparamref name="TOwner"/> in one format: its name as the format's codec encodes it and its
/// value's converter, behind one virtual call per member written or read.
/// </summary>
internal abstract class FormatMember<TCodec, TWriter, TReader, TOwner>
    where TCodec : struct, IFormatCodec<TWriter, TReader>
    where TWriter : allows ref struct
    where TReader : allows ref struct
{
    protected FormatMember(ObjectMember<TOwner> member)
    {
        Member = member;
        Name = TCodec.EncodeMemberName(member.Name);
    }

    /// <summary>The member in the type's contract.</summary>
    public ObjectMember<TOwner> Member { get; }

    /// <summary>The name in the format's bytes.</summary>
    public FormatMemberName Name { get; }

    /// <summary>Writes the name and the value, unless the contract omits this value.</summary>
    public abstract void Write(ref TWriter writer, TOwner owner);

    /// <summary>Writes the value alone, as an element of an object encoded as an array.</summary>
    public abstract void WriteValue(ref TWriter writer, TOwner owner);

    public abstract void Read(ref TReader reader, ref TOwner owner);

    public abstract object? ReadBoxed(ref TReader reader);

    /// <summary>Makes the format's member of each contract member, with its value type known statically.</summary>
    public sealed class Factory : IObjectMemberVisitor<TOwner, FormatMember<TCodec, TWriter, TReader, TOwner>>
    {
        public static readonly Factory Instance = new();

        public FormatMember<TCodec, TWriter, TReader, TOwner> Visit<TValue>(ObjectMember<TOwner, TValue> member)
            => new FormatMember<TCodec, TWriter, TReader, TOwner, TValue>(member);
    }
}

/// <inheritdoc />
internal sealed class FormatMember<TCodec, TWriter, TReader, TOwner, TValue> : FormatMember<TCodec, TWriter, TReader, TOwner>
    where TCodec : struct, IFormatCodec<TWriter, TReader>
    where TWriter : allows ref struct
    where TReader : allows ref struct
{
    private readonly ObjectMember<TOwner, TValue> _member;
    private readonly MemberGetter<TOwner, TValue>? _getter;
    private readonly MemberSetter<TOwner, TValue>? _setter;
    private readonly ValueConverter<TValue> _converter;
    private readonly bool _isConditional;

    public FormatMember(ObjectMember<TOwner, TValue> member)
        : base(member)
    {
        _member = member;
        _getter = member.Getter;
        _setter = member.Setter;
        _converter = TCodec.Served(member.Converter);
        _isConditional = member.IsConditional;
    }

    public override void Write(ref TWriter writer, TOwner owner)
    {
        var value = _getter!(ref owner);
        if (_isConditional && _member.IsOmittedValue(value))
        {
            return;
        }

        TCodec.WriteMemberName(ref writer, Name);
        TCodec.Write(ref writer, _converter, value);
    }

    public override void WriteValue(ref TWriter writer, TOwner owner) => TCodec.Write(ref writer, _converter, _getter!(ref owner));

    public override void Read(ref TReader reader, ref TOwner owner) => _setter!(ref owner, TCodec.Read(ref reader, _converter));

    public override object? ReadBoxed(ref TReader reader) => TCodec.Read(ref reader, _converter);
}
