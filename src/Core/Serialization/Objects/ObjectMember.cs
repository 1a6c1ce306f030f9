using System.Reflection;
using System.Runtime.CompilerServices;
using System.Text.Json.Nodes;
using FastFormatters.Serialization.Contracts;
using FastFormatters.Serialization.Shapes;

namespace FastFormatters.Serialization.Objects;

/// <summary>Builds something for a member from its value type, statically: one format's member writer, say.</summary>
internal interface IObjectMemberVisitor<TOwner, out TResult>
{
    TResult Visit<TValue>(ObjectMember<TOwner, TValue> member);
}

/// <summary>
/// One serialized member of <typeparamref name="TOwner"/>, whatever the format: its name or key, how to get and set
/// it, when it is left out, and its value's converter in the resolver's format.
/// </summary>
internal abstract class ObjectMember<TOwner>
{
    protected ObjectMember(MemberInfo member, EncodedName name, int key)
    {
        Member = member;
        ClrName = member.Name;
        Name = name;
        Key = key;
    }

    /// <summary>The property or field.</summary>
    public MemberInfo Member { get; }

    public string ClrName { get; }

    public EncodedName Name { get; }

    /// <summary>The member's index in an object encoded as an array, or -1 when its object is a map.</summary>
    public int Key { get; }

    public abstract Type ValueType { get; }

    public abstract bool CanGet { get; }

    public abstract bool CanSet { get; }

    /// <summary>Whether the value's converter can read; a member that cannot is skipped on input like a read-only one.</summary>
    public abstract bool ValueIsReadable { get; }

    /// <summary>The index of this member in the contract's read table.</summary>
    public int ReadIndex { get; set; } = -1;

    /// <summary>The member's bit in the contract's mask of required members, or -1 when it may be absent.</summary>
    public int RequiredIndex { get; set; } = -1;

    /// <summary>Whether the value goes to a constructor parameter rather than through the setter.</summary>
    public bool IsConstructorParameter { get; set; }

    /// <summary>Whether the member may be left out of the output (a MessagePack map counts the members it writes first).</summary>
    public abstract bool IsConditional { get; }

    /// <summary>Whether the member is left out for this owner.</summary>
    public abstract bool IsOmitted(TOwner owner);

    /// <summary>Assigns the value <paramref name="arguments"/> kept for this member while its owner waited for its constructor.</summary>
    public abstract void SetFromArguments(ref TOwner owner, ConstructorArguments arguments);

    /// <summary>The size of the value when its type holds no references (kept as bytes until a constructor call), else 0.</summary>
    public abstract int RawValueSize { get; }

    /// <summary>The schema of the member's value, by its converter.</summary>
    public abstract JsonObject DescribeValue(SchemaBuilder schema);

    /// <summary>Hands <paramref name="visitor"/> this member with its value type.</summary>
    public abstract TResult Accept<TResult>(IObjectMemberVisitor<TOwner, TResult> visitor);
}

/// <inheritdoc />
internal sealed class ObjectMember<TOwner, TValue> : ObjectMember<TOwner>
{
    private readonly MemberOmission _omission;

    // getter and setter are null where the contract does not read or assign the member.
    public ObjectMember(MemberInfo member, EncodedName name, int key, ValueConverter<TValue> converter, MemberOmission omission, MemberGetter<TOwner, TValue>? getter, MemberSetter<TOwner, TValue>? setter)
        : base(member, name, key)
    {
        Converter = converter;
        _omission = omission;
        Getter = getter;
        Setter = setter;
    }

    /// <summary>The value's converter, of the resolver's format.</summary>
    public ValueConverter<TValue> Converter { get; }

    public MemberGetter<TOwner, TValue>? Getter { get; }

    public MemberSetter<TOwner, TValue>? Setter { get; }

    public override Type ValueType => typeof(TValue);

    public override JsonObject DescribeValue(SchemaBuilder schema) => Converter.DescribeSchema(schema);

    public override bool CanGet => Getter is not null;

    public override bool CanSet => Setter is not null;

    public override bool ValueIsReadable => Converter.ReadUnsupportedReason is null;

    public override bool IsConditional => _omission != MemberOmission.Never;

    public override bool IsOmitted(TOwner owner) => _omission != MemberOmission.Never && IsOmittedValue(Getter!(ref owner));

    /// <summary>Whether <paramref name="value"/> is left out (always false for members that are never omitted).</summary>
    public bool IsOmittedValue(TValue value)
        => _omission != MemberOmission.Never
            && (_omission == MemberOmission.WhenNull ? value is null : EqualityComparer<TValue>.Default.Equals(value, default!));

    public override void SetFromArguments(ref TOwner owner, ConstructorArguments arguments) => Setter!(ref owner, arguments.GetSlot<TValue>(ReadIndex));

    public override int RawValueSize => RuntimeHelpers.IsReferenceOrContainsReferences<TValue>() ? 0 : Unsafe.SizeOf<TValue>();

    public override TResult Accept<TResult>(IObjectMemberVisitor<TOwner, TResult> visitor) => visitor.Visit(this);
}
