namespace FastFormatters.Serialization.Shapes;

/// <summary>An <see cref="AsyncEnumerableShape{T}"/> whatever its element type, for the layer that streams it.</summary>
internal interface IAsyncEnumerableShape
{
    /// <summary>Hands <paramref name="visitor"/> the element type.</summary>
    TResult VisitElement<TResult>(IElementVisitor<TResult> visitor);
}
