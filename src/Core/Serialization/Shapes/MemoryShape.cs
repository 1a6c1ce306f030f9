using System.ComponentModel;

namespace FastFormatters.Serialization.Shapes;

/// <summary>A <see cref="Memory{T}"/> or <see cref="ReadOnlyMemory{T}"/> of elements other than bytes, written as an array.</summary>
/// <typeparam name="TMemory"><see cref="Memory{T}"/> or <see cref="ReadOnlyMemory{T}"/> of <typeparamref name="T"/>.</typeparam>
/// <typeparam name="T">The element type.</typeparam>
[EditorBrowsable(EditorBrowsableState.Never)]
public sealed class MemoryShape<TMemory, T> : TypeShape
    where TMemory : struct
{
    /// <summary>Describes <typeparamref name="TMemory"/>.</summary>
    /// <exception cref="ArgumentException"><typeparamref name="TMemory"/> is neither <see cref="Memory{T}"/> nor <see cref="ReadOnlyMemory{T}"/> of <typeparamref name="T"/>.</exception>
    public MemoryShape()
        : base(typeof(TMemory))
    {
        if (typeof(TMemory) != typeof(Memory<T>) && typeof(TMemory) != typeof(ReadOnlyMemory<T>))
        {
            throw new ArgumentException($"{typeof(TMemory)} is neither {typeof(Memory<T>)} nor {typeof(ReadOnlyMemory<T>)}.", nameof(TMemory));
        }
    }

    internal override TResult Accept<TState, TResult>(IShapeVisitor<TState, TResult> visitor, TState state) => visitor.VisitMemory<TMemory, T>(state);

    internal override TResult Accept<TResult>(ITypeVisitor<TResult> visitor) => visitor.Visit<TMemory>();
}
