using System.ComponentModel;
using System.Reflection;
using FastFormatters.Serialization.Contracts;

namespace FastFormatters.Serialization.Shapes;

/// <summary>
/// A plain object, record or struct: its public properties and fields (base-class members first, a member that hides
/// one of its base in the base one's place) and its public constructors, among which the contract chooses as by
/// reflection. The generator emits it for the types it describes; reflection describes any other type the same way.
/// </summary>
/// <typeparam name="T">The type described.</typeparam>
[EditorBrowsable(EditorBrowsableState.Never)]
public sealed class ObjectShape<T> : TypeShape, IObjectShape
{
    // Set where reflection describes the type and it can be created without arguments: the creator is compiled on first use.
    private readonly ReflectedAccessors? _reflected;
    private Func<T>? _create;

    /// <summary>Describes an object type.</summary>
    /// <param name="members">Its public instance properties (not indexers) and fields.</param>
    /// <param name="constructors">Its public instance constructors, the parameterless one too.</param>
    /// <param name="create">Creates an instance without arguments (its public parameterless constructor, or a struct's default), or <see langword="null"/>.</param>
    public ObjectShape(IReadOnlyList<MemberShape<T>> members, IReadOnlyList<ConstructorShape<T>> constructors, Func<T>? create)
        : base(typeof(T))
    {
        ArgumentNullException.ThrowIfNull(members);
        ArgumentNullException.ThrowIfNull(constructors);
        Members = members;
        Constructors = constructors;
        _create = create;
    }

    /// <summary>
    /// Describes an object type by reflection (<see cref="ReflectionShapeProvider"/>); <paramref name="creatable"/> when
    /// it has a public parameterless constructor or is a struct.
    /// </summary>
    internal ObjectShape(IReadOnlyList<MemberShape<T>> members, IReadOnlyList<ConstructorShape<T>> constructors, ReflectedAccessors reflected, bool creatable)
        : base(typeof(T))
    {
        Members = members;
        Constructors = constructors;
        _reflected = creatable ? reflected : null;
    }

    /// <summary>The public instance properties and fields.</summary>
    public IReadOnlyList<MemberShape<T>> Members { get; }

    /// <summary>The public instance constructors.</summary>
    public IReadOnlyList<ConstructorShape<T>> Constructors { get; }

    /// <summary>Creates an instance without arguments, or <see langword="null"/>.</summary>
    public Func<T>? Create => _create ??= _reflected?.Creator<T>();

    internal override TResult Accept<TState, TResult>(IShapeVisitor<TState, TResult> visitor, TState state) => visitor.VisitObject(this, state);

    internal override TResult Accept<TResult>(ITypeVisitor<TResult> visitor) => visitor.Visit<T>();

    /// <summary>The members <paramref name="rules"/> serialize, of those this shape gives, in the contract's order.</summary>
    internal IReadOnlyList<MemberInfo> DiscoverMembers(ContractRules rules)
    {
        var candidates = new MemberInfo[Members.Count];
        for (int i = 0; i < candidates.Length; i++)
        {
            candidates[i] = Members[i].Member;
        }

        return rules.SelectMembers(typeof(T), candidates);
    }

    IReadOnlyList<MemberInfo> IObjectShape.DiscoverMembers(ContractRules rules) => DiscoverMembers(rules);

    /// <summary>The shape of <paramref name="member"/>.</summary>
    /// <exception cref="NotSupportedException">The shape does not give it.</exception>
    internal MemberShape<T> Find(MemberInfo member)
    {
        foreach (var candidate in Members)
        {
            if (ContractRules.IsSameMember(candidate.Member, member))
            {
                return candidate;
            }
        }

        throw new NotSupportedException($"The shape of {typeof(T)} does not give its member {member.Name}, which its contract serializes.");
    }
}
