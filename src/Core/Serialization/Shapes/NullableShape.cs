using System.ComponentModel;

namespace FastFormatters.Serialization.Shapes;

/// <summary><see cref="Nullable{T}"/>: its value, or null.</summary>
/// <typeparam name="T">The underlying value type.</typeparam>
[EditorBrowsable(EditorBrowsableState.Never)]
public sealed class NullableShape<T> : TypeShape
    where T : struct
{
    /// <summary>Describes <c>T?</c>.</summary>
    public NullableShape()
        : base(typeof(T?))
    {
    }

    internal override TResult Accept<TState, TResult>(IShapeVisitor<TState, TResult> visitor, TState state) => visitor.VisitNullable<T>(state);

    internal override TResult Accept<TResult>(ITypeVisitor<TResult> visitor) => visitor.Visit<T?>();
}
