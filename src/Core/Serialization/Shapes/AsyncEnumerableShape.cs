using System.ComponentModel;

namespace FastFormatters.Serialization.Shapes;

/// <summary>
/// An <see cref="IAsyncEnumerable{T}"/>: written only as a whole response body, element by element in flushed chunks,
/// never inside another value.
/// </summary>
/// <typeparam name="T">The element type.</typeparam>
[EditorBrowsable(EditorBrowsableState.Never)]
public sealed class AsyncEnumerableShape<T> : TypeShape, IAsyncSequenceShape
{
    /// <summary>Describes <c>IAsyncEnumerable&lt;T&gt;</c>.</summary>
    public AsyncEnumerableShape()
        : base(typeof(IAsyncEnumerable<T>))
    {
    }

    internal override TResult Accept<TState, TResult>(IShapeVisitor<TState, TResult> visitor, TState state) => visitor.VisitAsyncEnumerable<T>(state);

    internal override TResult Accept<TResult>(ITypeVisitor<TResult> visitor) => visitor.Visit<IAsyncEnumerable<T>>();

    Type ISequenceShape.ElementType => typeof(T);

    TResult ISequenceShape.VisitElement<TResult>(ITypeVisitor<TResult> visitor) => visitor.Visit<T>();
}
