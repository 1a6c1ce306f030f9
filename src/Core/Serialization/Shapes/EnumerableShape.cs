using System.ComponentModel;

namespace FastFormatters.Serialization.Shapes;

/// <summary>
/// Any other sequence: written by enumerating it, read into a <see cref="List{T}"/> (or <see cref="HashSet{T}"/>) when
/// <typeparamref name="TCollection"/> is one of their interfaces, else into a new instance from <see cref="Create"/>.
/// </summary>
/// <typeparam name="TCollection">The sequence type.</typeparam>
/// <typeparam name="T">The element type.</typeparam>
[EditorBrowsable(EditorBrowsableState.Never)]
public sealed class EnumerableShape<TCollection, T> : TypeShape, ISequenceShape
    where TCollection : IEnumerable<T>
{
    /// <summary>Describes a sequence type.</summary>
    /// <param name="create">Creates an empty instance to add the elements to (a collection class with a public parameterless constructor), or <see langword="null"/>.</param>
    public EnumerableShape(Func<TCollection>? create = null)
        : base(typeof(TCollection))
    {
        Create = create;
    }

    /// <summary>Creates an empty instance to add elements to, or <see langword="null"/>.</summary>
    public Func<TCollection>? Create { get; }

    internal override TResult Accept<TState, TResult>(IShapeVisitor<TState, TResult> visitor, TState state)
        => visitor.VisitEnumerable<TCollection, T>(Create, state);

    internal override TResult Accept<TResult>(ITypeVisitor<TResult> visitor) => visitor.Visit<TCollection>();

    Type ISequenceShape.ElementType => typeof(T);

    TResult ISequenceShape.VisitElement<TResult>(ITypeVisitor<TResult> visitor) => visitor.Visit<T>();
}
