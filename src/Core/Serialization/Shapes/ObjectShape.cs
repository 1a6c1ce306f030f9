using FastFormatters.Serialization.Objects;

namespace FastFormatters.Serialization.Shapes;

/// <summary>
/// A plain object, record or struct: its public properties and fields (base-class members first, a member that hides
/// one of its base in the base one's place) and its public constructors, among which the contract chooses as by
/// reflection.
/// </summary>
/// <typeparam name="T">The type described.</typeparam>
public sealed class ObjectShape<T> : TypeShape, IObjectShape
{
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
        Create = create;
        _source = new ShapedObject<T>(this);
    }

    private readonly ShapedObject<T> _source;

    /// <summary>The public instance properties and fields.</summary>
    public IReadOnlyList<MemberShape<T>> Members { get; }

    /// <summary>The public instance constructors.</summary>
    public IReadOnlyList<ConstructorShape<T>> Constructors { get; }

    /// <summary>Creates an instance without arguments, or <see langword="null"/>.</summary>
    public Func<T>? Create { get; }

    internal override TResult Accept<TState, TResult>(IShapeVisitor<TState, TResult> visitor, TState state) => visitor.VisitObject(_source, state);

    internal override TResult Accept<TResult>(ITypeVisitor<TResult> visitor) => visitor.Visit<T>();

    IReadOnlyList<System.Reflection.MemberInfo> IObjectShape.DiscoverMembers(Contracts.ContractRules rules) => _source.DiscoverMembers(rules);
}
