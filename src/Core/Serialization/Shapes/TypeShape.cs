using System.ComponentModel;

namespace FastFormatters.Serialization.Shapes;

/// <summary>
/// What a type is, for the converters of every format: one of <see cref="ObjectShape{T}"/>, <see cref="NullableShape{T}"/>,
/// <see cref="EnumShape{T}"/>, <see cref="ArrayShape{T}"/>, <see cref="ListShape{T}"/>,
/// <see cref="EnumerableShape{TCollection, T}"/>, <see cref="DictionaryShape{TDictionary, TKey, TValue}"/> or
/// <see cref="AsyncEnumerableShape{T}"/>.
/// </summary>
[EditorBrowsable(EditorBrowsableState.Never)]
public abstract class TypeShape
{
    private protected TypeShape(Type type) => Type = type;

    /// <summary>The type described.</summary>
    public Type Type { get; }

    /// <summary>Hands <paramref name="visitor"/> this shape by its kind, with <paramref name="state"/>.</summary>
    internal abstract TResult Accept<TState, TResult>(IShapeVisitor<TState, TResult> visitor, TState state);

    /// <summary>Hands <paramref name="visitor"/> <see cref="Type"/>, statically.</summary>
    internal abstract TResult Accept<TResult>(ITypeVisitor<TResult> visitor);
}
