using System.ComponentModel;

namespace FastFormatters.Serialization.Shapes;

/// <summary>A <see cref="List{T}"/>.</summary>
/// <typeparam name="T">The element type.</typeparam>
[EditorBrowsable(EditorBrowsableState.Never)]
public sealed class ListShape<T> : TypeShape, ISequenceShape
{
    /// <summary>Describes <c>List&lt;T&gt;</c>.</summary>
    public ListShape()
        : base(typeof(List<T>))
    {
    }

    internal override TResult Accept<TState, TResult>(IShapeVisitor<TState, TResult> visitor, TState state) => visitor.VisitList<T>(state);

    internal override TResult Accept<TResult>(ITypeVisitor<TResult> visitor) => visitor.Visit<List<T>>();

    Type ISequenceShape.ElementType => typeof(T);

    TResult ISequenceShape.VisitElement<TResult>(ITypeVisitor<TResult> visitor) => visitor.Visit<T>();
}
