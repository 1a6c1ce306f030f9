using System.Reflection;
using FastFormatters.Serialization.Shapes;

namespace FastFormatters.Serialization.Objects;

/// <summary>
/// Where <see cref="ConstructorArguments"/> keeps each read member's value while an object created through a
/// constructor is read: the bytes of a value whose type has no references, at an offset, unless the parameter it goes
/// to is of another type; any other value in a reference slot (a reference, or a struct that holds one or that a
/// parameter takes as another type, boxed). Also each parameter's member slot and default.
/// </summary>
internal sealed class ArgumentLayout
{
    // Per slot: a raw byte offset (>= 0), or the complement of a reference index.
    private readonly int[] _offsets;
    private readonly Type?[] _rawTypes;
    private readonly int[] _parameterSlots;
    private readonly object?[] _defaults;

    private ArgumentLayout(int[] offsets, Type?[] rawTypes, int rawSize, int referenceCount, int[] parameterSlots, object?[] defaults)
    {
        _offsets = offsets;
        _rawTypes = rawTypes;
        RawSize = rawSize;
        ReferenceCount = referenceCount;
        _parameterSlots = parameterSlots;
        _defaults = defaults;
    }

    /// <summary>The bytes the raw values take.</summary>
    public int RawSize { get; }

    /// <summary>The reference slots.</summary>
    public int ReferenceCount { get; }

    /// <summary>The slots: one per read member.</summary>
    public int SlotCount => _offsets.Length;

    /// <summary>Lays out the values of <paramref name="members"/> for <paramref name="parameters"/>.</summary>
    /// <param name="members">The contract's read members, by read index.</param>
    /// <param name="parameters">The constructor's parameters.</param>
    /// <param name="parameterSlots">Each parameter's member read index, or -1.</param>
    /// <param name="defaults">Each parameter's default, boxed (null for the type's default).</param>
    public static ArgumentLayout Create<T>(IReadOnlyList<ObjectMember<T>> members, ParameterInfo[] parameters, int[] parameterSlots, object?[] defaults)
    {
        var offsets = new int[members.Count];
        var rawTypes = new Type?[members.Count];
        int rawSize = 0;
        int references = 0;
        for (int slot = 0; slot < members.Count; slot++)
        {
            var member = members[slot];
            int size = member.RawValueSize;
            if (size > 0 && TakenAsItsOwnType(slot, member.ValueType, parameters, parameterSlots))
            {
                offsets[slot] = rawSize;
                rawTypes[slot] = member.ValueType;
                rawSize += size;
            }
            else
            {
                offsets[slot] = ~references++;
            }
        }

        return new ArgumentLayout(offsets, rawTypes, rawSize, references, parameterSlots, defaults);
    }

    // Every parameter bound to the slot (two may be, when their names differ only in case) has the member's own type.
    private static bool TakenAsItsOwnType(int slot, Type valueType, ParameterInfo[] parameters, int[] parameterSlots)
    {
        for (int position = 0; position < parameterSlots.Length; position++)
        {
            if (parameterSlots[position] == slot && parameters[position].ParameterType != valueType)
            {
                return false;
            }
        }

        return true;
    }

    public int Offset(int slot) => _offsets[slot];

    public bool IsRawOf(int slot, Type type) => _rawTypes[slot] == type;

    /// <summary>The read index of the member the parameter at <paramref name="position"/> takes, or -1.</summary>
    public int ParameterSlot(int position) => _parameterSlots[position];

    /// <summary>The default of the parameter at <paramref name="position"/>.</summary>
    public T Default<T>(int position) => _defaults[position] is { } value ? (T)value : default!;

    public InvalidCastException WrongType(int slot, Type asked)
        => new($"The argument in slot {slot} is a {_rawTypes[slot]}, not a {asked}.");
}
