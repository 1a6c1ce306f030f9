using System.ComponentModel;
using System.Runtime.CompilerServices;
using FastFormatters.Serialization.Objects;

namespace FastFormatters.Serialization.Shapes;

/// <summary>
/// The arguments of one constructor call, gathered while an object is read: what a <see cref="ConstructorShape{T}"/>'s
/// invoker reads each parameter from, typed, with the parameter's default where the input lacked it. Values of types
/// without references are kept as their bytes, so reading a positional record boxes none of its numbers.
/// </summary>
[EditorBrowsable(EditorBrowsableState.Never)]
public sealed class ConstructorArguments
{
    private readonly ArgumentLayout _layout;

    // The unmanaged values at their layout offsets, then one byte per slot: whether the input set it.
    private readonly byte[] _raw;
    private readonly object?[]? _references;

    internal ConstructorArguments(ArgumentLayout layout)
    {
        _layout = layout;
        _raw = new byte[layout.RawSize + layout.SlotCount];
        _references = layout.ReferenceCount == 0 ? null : new object?[layout.ReferenceCount];
    }

    /// <summary>The argument of the constructor's parameter at <paramref name="position"/>.</summary>
    /// <typeparam name="T">The parameter's type.</typeparam>
    /// <param name="position">The parameter's position, from 0.</param>
    /// <returns>The value read for it, or its default when the input had none.</returns>
    public T Get<T>(int position)
    {
        int slot = _layout.ParameterSlot(position);
        return slot >= 0 && IsSet(slot) ? GetSlot<T>(slot) : _layout.Default<T>(position);
    }

    /// <summary>Keeps the value read for the member at <paramref name="slot"/> (its read index).</summary>
    internal void Set<TValue>(int slot, TValue value)
    {
        int at = _layout.Offset(slot);

        // The layout gives a raw offset only to a slot of exactly this type, which has no references.
        if (!RuntimeHelpers.IsReferenceOrContainsReferences<TValue>() && at >= 0)
        {
            Unsafe.WriteUnaligned(ref _raw[at], value);
        }
        else
        {
            _references![~at] = value;
        }

        _raw[_layout.RawSize + slot] = 1;
    }

    /// <summary>Whether the input gave the member at <paramref name="slot"/> a value.</summary>
    internal bool IsSet(int slot) => _raw[_layout.RawSize + slot] != 0;

    /// <summary>The value kept for the member at <paramref name="slot"/>, which <see cref="IsSet"/> says it has.</summary>
    internal T GetSlot<T>(int slot)
    {
        int at = _layout.Offset(slot);
        if (at >= 0)
        {
            // A raw slot is read only as the type it was laid out for: another would read other bytes.
            return !RuntimeHelpers.IsReferenceOrContainsReferences<T>() && _layout.IsRawOf(slot, typeof(T))
                ? Unsafe.ReadUnaligned<T>(ref _raw[at])
                : throw _layout.WrongType(slot, typeof(T));
        }

        return _references![~at] is { } value ? (T)value : default!;
    }
}
