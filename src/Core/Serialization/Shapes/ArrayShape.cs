using System.ComponentModel;

namespace FastFormatters.Serialization.Shapes;

/// <summary>A one-dimensional array.</summary>
/// <typeparam name="T">The element type.</typeparam>
[EditorBrowsable(EditorBrowsableState.Never)]
public sealed class ArrayShape<T> : TypeShape, ISequenceShape
{
    /// <summary>Describes <c>T[]</c>.</summary>
    public ArrayShape()
        : base(typeof(T[]))
    {
    }

    internal override TResult Accept<TState, TResult>(IShapeVisitor<TState, TResult> visitor, TState state) => visitor.VisitArray<T>(state);

    internal override TResult Accept<TResult>(ITypeVisitor<TResult> visitor) => visitor.Visit<T[]>();

    Type ISequenceShape.ElementType => typeof(T);

    TResult ISequenceShape.VisitElement<TResult>(ITypeVisitor<TResult> visitor) => visitor.Visit<T>();
}
