using FastFormatters.Serialization.Objects;
using FastFormatters.Serialization.Shapes;

namespace FastFormatters.Json.Converters;

/// <summary>One member of <typeparamref name="TOwner"/> as JSON: its encoded name and its value's JSON converter.</summary>
internal abstract class JsonMember<TOwner>
{
    protected JsonMember(ObjectMember<TOwner> member)
    {
        Member = member;
        Name = new JsonMemberName(member.Name.Name);
    }

    /// <summary>The member in the type's contract.</summary>
    public ObjectMember<TOwner> Member { get; }

    public JsonMemberName Name { get; }

    /// <summary>Writes <c>"name":value</c>, unless the contract omits this value.</summary>
    public abstract void Write(ref FastJsonWriter writer, TOwner owner);

    public abstract void Read(ref FastJsonReader reader, ref TOwner owner);

    /// <summary>Reads the value into <paramref name="arguments"/>, where it waits for the owner's constructor.</summary>
    public abstract void ReadArgument(ref FastJsonReader reader, ConstructorArguments arguments);

    /// <summary>Makes the JSON member of each contract member, with its value type known statically.</summary>
    public sealed class Factory : IObjectMemberVisitor<TOwner, JsonMember<TOwner>>
    {
        public static readonly Factory Instance = new();

        public JsonMember<TOwner> Visit<TValue>(ObjectMember<TOwner, TValue> member) => new JsonMember<TOwner, TValue>(member);
    }
}

internal sealed class JsonMember<TOwner, TValue> : JsonMember<TOwner>
{
    private readonly ObjectMember<TOwner, TValue> _member;
    private readonly MemberGetter<TOwner, TValue>? _getter;
    private readonly MemberSetter<TOwner, TValue>? _setter;
    private readonly JsonValueConverter<TValue> _converter;
    private readonly bool _isConditional;

    public JsonMember(ObjectMember<TOwner, TValue> member)
        : base(member)
    {
        _member = member;
        _getter = member.Getter;
        _setter = member.Setter;
        _converter = (JsonValueConverter<TValue>)member.Converter;
        _isConditional = member.IsConditional;
    }

    public override void Write(ref FastJsonWriter writer, TOwner owner)
    {
        var value = _getter!(ref owner);
        if (_isConditional && _member.IsOmittedValue(value))
        {
            return;
        }

        writer.WritePropertyName(Name);
        _converter.Write(ref writer, value);
    }

    public override void Read(ref FastJsonReader reader, ref TOwner owner) => _setter!(ref owner, _converter.Read(ref reader));

    public override void ReadArgument(ref FastJsonReader reader, ConstructorArguments arguments) => arguments.Set(_member.ReadIndex, _converter.Read(ref reader));
}
