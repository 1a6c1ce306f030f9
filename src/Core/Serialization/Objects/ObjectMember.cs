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
/// <remarks>
/// What the contract builder asks of every member is answered here, where the code is shared by every value type:
/// declared on <see cref="ObjectMember{TOwner, TValue}"/>, each property would be one more method the JIT compiles for
/// each value type (<c>int</c>, <c>long</c>, <c>bool</c>, ...) in an app's first request.
/// </remarks>
internal abstract class ObjectMember<TOwner>
{
    private readonly ValueConverter _converter;

    private protected ObjectMember(MemberInfo member, EncodedName name, int key, Type valueType, ValueConverter converter, MemberOmission omission, bool canGet, bool canSet)
    {
        Member = member;
        ClrName = member.Name;
        Name = name;
        Key = key;
        ValueType = valueType;
        _converter = converter;
        Omission = omission;
        CanGet = canGet;
        CanSet = canSet;
    }

    /// <summary>The property or field.</summary>
    public MemberInfo Member { get; }

    public string ClrName { get; }

    public EncodedName Name { get; }

    /// <summary>The member's index in an object encoded as an array, or -1 when its object is a map.</summary>
    public int Key { get; }

    public Type ValueType { get; }

    public bool CanGet { get; }

    public bool CanSet { get; }

    /// <summary>Whether the value's converter can read; a member that cannot is skipped on input like a read-only one.</summary>
    /// <remarks>Asked when the contract is complete: a recursive member's converter is still being built when the member is made.</remarks>
    public bool ValueIsReadable => _converter.ReadUnsupportedReason is null;

    /// <summary>When the member is left out of the output.</summary>
    public MemberOmission Omission { get; }

    /// <summary>The index of this member in the contract's read table.</summary>
    public int ReadIndex { get; set; } = -1;

    /// <summary>The member's bit in the contract's mask of required members, or -1 when it may be absent.</summary>
    public int RequiredIndex { get; set; } = -1;

    /// <summary>Whether the value goes to a constructor parameter rather than through the setter.</summary>
    public bool IsConstructorParameter { get; set; }

    /// <summary>Whether the member may be left out of the output (a MessagePack map counts the members it writes first).</summary>
    public bool IsConditional => Omission != MemberOmission.Never;

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
    // Fields rather than properties, for the same reason as the base's members: the format's member reads them once.
    /// <summary>The value's converter, of the resolver's format.</summary>
    public readonly ValueConverter<TValue> Converter;

    /// <summary>Reads the member, or null where the contract does not read it.</summary>
    public readonly MemberGetter<TOwner, TValue>? Getter;

    /// <summary>Assigns the member, or null where the contract does not assign it.</summary>
    public readonly MemberSetter<TOwner, TValue>? Setter;

    public ObjectMember(MemberInfo member, EncodedName name, int key, ValueConverter<TValue> converter, MemberOmission omission, MemberGetter<TOwner, TValue>? getter, MemberSetter<TOwner, TValue>? setter)
        : base(member, name, key, typeof(TValue), converter, omission, getter is not null, setter is not null)
    {
        Converter = converter;
        Getter = getter;
        Setter = setter;
    }

    public override JsonObject DescribeValue(SchemaBuilder schema) => Converter.DescribeSchema(schema);

    public override bool IsOmitted(TOwner owner) => Omission != MemberOmission.Never && IsOmittedValue(Getter!(ref owner));

    /// <summary>Whether <paramref name="value"/> is left out (always false for members that are never omitted).</summary>
    public bool IsOmittedValue(TValue value)
        => Omission != MemberOmission.Never
            && (Omission == MemberOmission.WhenNull ? value is null : EqualityComparer<TValue>.Default.Equals(value, default!));

    public override void SetFromArguments(ref TOwner owner, ConstructorArguments arguments) => Setter!(ref owner, arguments.GetSlot<TValue>(ReadIndex));

    public override int RawValueSize => RuntimeHelpers.IsReferenceOrContainsReferences<TValue>() ? 0 : Unsafe.SizeOf<TValue>();

    public override TResult Accept<TResult>(IObjectMemberVisitor<TOwner, TResult> visitor) => visitor.Visit(this);
}
