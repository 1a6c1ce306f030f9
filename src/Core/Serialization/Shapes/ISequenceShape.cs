namespace FastFormatters.Serialization.Shapes;

/// <summary>
/// A sequence's shape (<see cref="ListShape{T}"/>, <see cref="ArrayShape{T}"/>, <see cref="EnumerableShape{TCollection, T}"/>,
/// <see cref="AsyncEnumerableShape{T}"/>) whatever its element type, for the layer that streams a response body element
/// by element.
/// </summary>
internal interface ISequenceShape
{
    /// <summary>The element type.</summary>
    Type ElementType { get; }

    /// <summary>Hands <paramref name="visitor"/> the element type.</summary>
    TResult VisitElement<TResult>(ITypeVisitor<TResult> visitor);
}

/// <summary>An <see cref="AsyncEnumerableShape{T}"/>, whatever its element type: a sequence that no converter serves.</summary>
internal interface IAsyncSequenceShape : ISequenceShape
{
}
