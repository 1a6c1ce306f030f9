using System.ComponentModel;
using System.Reflection;
using FastFormatters.Serialization.Objects;

namespace FastFormatters.Serialization.Shapes;

/// <summary>
/// A public property or field of <typeparamref name="T"/> the contract may serialize. Which members are serialized, and
/// under which names, keys and omission, is the contract's decision from <see cref="Member"/> and its attributes, as by
/// reflection; the shape gives the accessors.
/// </summary>
/// <typeparam name="T">The type that declares the member.</typeparam>
[EditorBrowsable(EditorBrowsableState.Never)]
public abstract class MemberShape<T>
{
    private protected MemberShape(MemberInfo member)
    {
        ArgumentNullException.ThrowIfNull(member);
        Member = member is PropertyInfo or FieldInfo ? member : throw new ArgumentException($"{member} is neither a property nor a field.", nameof(member));
    }

    /// <summary>The property or field, as its declaring type reflects it.</summary>
    public MemberInfo Member { get; }

    /// <summary>The member as the converters use it, with this shape's accessors.</summary>
    internal abstract ObjectMember<T> CreateMember(EncodedName name, int key, ValueConverter converter, MemberOmission omission, bool canGet, bool canSet);

    /// <summary>The member as a <c>[JsonExtensionData]</c> dictionary.</summary>
    internal abstract ExtensionDataMember<T> CreateExtensionData(ValueConverter<object?> values);
}

/// <summary>A member of type <typeparamref name="TValue"/> with its getter and setter.</summary>
/// <typeparam name="T">The type that declares the member.</typeparam>
/// <typeparam name="TValue">The member's type.</typeparam>
[EditorBrowsable(EditorBrowsableState.Never)]
public sealed class MemberShape<T, TValue> : MemberShape<T>
{
    // Set where reflection describes the member: the accessors are made when a contract first asks for them.
    private readonly ReflectedAccessors? _reflected;
    private MemberGetter<T, TValue>? _getter;
    private MemberSetter<T, TValue>? _setter;

    /// <summary>Describes a member.</summary>
    /// <param name="member">The property or field, from its declaring type.</param>
    /// <param name="getter">Reads it, or <see langword="null"/> when it has no public getter.</param>
    /// <param name="setter">Assigns it (init-only members too), or <see langword="null"/> when it has no public setter.</param>
    public MemberShape(MemberInfo member, MemberGetter<T, TValue>? getter, MemberSetter<T, TValue>? setter)
        : base(member)
    {
        _getter = getter;
        _setter = setter;
    }

    /// <summary>Describes a member by reflection (<see cref="ReflectionShapeProvider"/>).</summary>
    internal MemberShape(MemberInfo member, ReflectedAccessors reflected)
        : base(member)
        => _reflected = reflected;

    private MemberGetter<T, TValue>? Getter => _getter ??= _reflected?.Getter<T, TValue>(Member);

    private MemberSetter<T, TValue>? Setter => _setter ??= _reflected?.Setter<T, TValue>(Member);

    internal override ObjectMember<T> CreateMember(EncodedName name, int key, ValueConverter converter, MemberOmission omission, bool canGet, bool canSet)
        => new ObjectMember<T, TValue>(
            Member, name, key, (ValueConverter<TValue>)converter, omission,
            canGet ? Getter ?? throw Missing("getter") : null,
            canSet ? Setter ?? throw Missing("setter") : null);

    internal override ExtensionDataMember<T> CreateExtensionData(ValueConverter<object?> values)
    {
        var getter = Getter ?? throw Missing("getter");
        if (!typeof(IDictionary<string, object?>).IsAssignableFrom(typeof(TValue)))
        {
            throw ExtensionDataMember<T>.NotADictionary(Member);
        }

        var setter = Setter;
        return new ExtensionDataMember<T>(
            values,
            owner => (IDictionary<string, object?>?)getter(ref owner),
            setter is not null && typeof(TValue).IsAssignableFrom(typeof(Dictionary<string, object?>))
                ? (ref T owner, IDictionary<string, object?> entries) => setter(ref owner, (TValue)entries)
                : null);
    }

    private NotSupportedException Missing(string accessor)
        => new($"The shape of {typeof(T)} gives {Member.Name} no {accessor}, which its contract needs; describe the member with one.");
}
