using FastFormatters.Core.Tests.MessagePack;

namespace FastFormatters.Fuzzing;

#pragma warning disable CA1819 // Properties should not return arrays: the model mirrors real DTOs.
#pragma warning disable CA2227 // Collection properties should be read only: the serializer sets them.

/// <summary>
/// A target whose members reach the converters the MessagePack test models leave out: the other dictionary key
/// converters (Guid, enum, long), 128-bit and half-precision numbers, small and unsigned enums, nullable elements,
/// interface collections and a struct record.
/// </summary>
public sealed class FuzzModel
{
    public UInt128 Huge { get; set; }

    public Half Half { get; set; }

    public MpSmall Small { get; set; }

    public MpUnsignedLong Unsigned { get; set; }

    public Dictionary<Guid, int>? ByGuid { get; set; }

    public Dictionary<MpColor, string>? ByColor { get; set; }

    public Dictionary<long, object?>? ByLong { get; set; }

    public int?[]? Optional { get; set; }

    public IReadOnlyList<MpPoint>? Points { get; set; }

    public HashSet<string>? Tags { get; set; }

    public MpRecordStruct Pair { get; set; }

    public DateTimeOffset? Maybe { get; set; }

    public char[]? Letters { get; set; }
}
