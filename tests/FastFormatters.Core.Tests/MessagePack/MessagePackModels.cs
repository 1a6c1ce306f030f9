using System.Runtime.Serialization;
using System.Text.Json.Serialization;

namespace FastFormatters.Core.Tests.MessagePack;

#pragma warning disable CA1819 // Properties should not return arrays: test models mirror real DTOs.
#pragma warning disable CA2227 // Collection properties should be read only: the serializer sets them.

public enum MpColor
{
    Red,
    Green,
    Blue = 10,
    [JsonStringEnumMemberName("dark-red")]
    DarkRed = 11,
}

[Flags]
public enum MpPermissions
{
    None = 0,
    Read = 1,
    Write = 2,
    Execute = 4,
}

public enum MpSmall : sbyte
{
    Negative = -5,
    Zero = 0,
    Large = 100,
}

public enum MpUnsignedLong : ulong
{
    Min = 0,
    Max = ulong.MaxValue,
}

public sealed class MpCustomer
{
    public int Id { get; set; }

    public string? Name { get; set; }

    public MpAddress? Address { get; set; }
}

public sealed class MpAddress
{
    public string Street { get; set; } = "";

    public string? City { get; set; }
}

public sealed class MpLine
{
    public string? Sku { get; set; }

    public int Quantity { get; set; }

    public decimal Price { get; set; }
}

public sealed class MpOrder
{
    public Guid Id { get; set; }

    public MpCustomer? Customer { get; set; }

    public List<MpLine> Lines { get; set; } = [];

    public Dictionary<string, decimal>? Prices { get; set; }

    public DateTimeOffset PlacedAt { get; set; }

    public MpColor Color { get; set; }

    public int? Discount { get; set; }

    public byte[]? Signature { get; set; }

    public int[][]? Matrix { get; set; }

    public object? Extra { get; set; }
}

public sealed record MpPoint(int X, int Y);

public sealed record MpLabeledPoint(string Label, MpPoint Point, double Weight = 1.5)
{
    public string? Note { get; init; }
}

public sealed class MpInitOnly
{
    public int Id { get; init; }

    public string Name { get; init; } = "";

    public IReadOnlyList<string> Tags { get; init; } = [];
}

public struct MpStruct
{
    public int A { get; set; }

    public string? B { get; set; }

    public double C { get; set; }
}

public record struct MpRecordStruct(int X, string Y);

public readonly record struct MpReadonlyRecordStruct(int X, long Y);

public sealed class MpNode
{
    public int Value { get; set; }

    public List<MpNode>? Children { get; set; }

    public MpNode? Next { get; set; }
}

public sealed class MpDataMembers
{
    [DataMember(Name = "identifier")]
    public int Id { get; set; }

    [DataMember(Name = "Full_Name")]
    public string? Name { get; set; }

    [IgnoreDataMember]
    public string Secret { get; set; } = "hidden";

    [JsonPropertyName("e-mail")]
    public string? Email { get; set; }

    [JsonIgnore]
    public int Ignored { get; set; } = 99;

    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public string? Nickname { get; set; }

    public string? NullableText { get; set; }

    public int PlainNumber { get; set; }

    public DateOnly BirthDate { get; set; }
}

[DataContract]
public sealed class MpDataContract
{
    [DataMember(Name = "b", Order = 2)]
    public int Second { get; set; }

    [DataMember(Name = "a", Order = 1)]
    public int First { get; set; }

    [DataMember(EmitDefaultValue = false)]
    public string? Optional { get; set; }

    public int NotAMember { get; set; } = 5;
}

public sealed class MpWithExtensionData
{
    public int Known { get; set; }

    [JsonExtensionData]
    public Dictionary<string, object?>? Extra { get; set; }
}

public sealed class MpNullables
{
    public string? Text { get; set; }

    public int? Number { get; set; }

    public MpPoint? Point { get; set; }

    public List<int>? List { get; set; }

    public int Always { get; set; }

    [JsonIgnore(Condition = JsonIgnoreCondition.Never)]
    public string? NeverOmitted { get; set; }
}

public sealed class MpNaming
{
    public int OrderId { get; set; }

    public string? CustomerName { get; set; }

    public string? HTTPStatus { get; set; }

    [JsonPropertyName("Explicit_Name")]
    public int ExplicitName { get; set; }

    [DataMember(Name = "dm")]
    public int DataMemberName { get; set; }

    [JsonPropertyOrder(-1)]
    public int First { get; set; }

    [JsonIgnore]
    public int Skipped { get; set; }

    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public string? MaybeNull { get; set; }

    public string? AlwaysNullable { get; set; }

    public Dictionary<string, int>? CountsByName { get; set; }
}

public sealed class MpAllTypes
{
    public bool Flag { get; set; }

    public byte U8 { get; set; }

    public sbyte I8 { get; set; }

    public short I16 { get; set; }

    public ushort U16 { get; set; }

    public int I32 { get; set; }

    public uint U32 { get; set; }

    public long I64 { get; set; }

    public ulong U64 { get; set; }

    public Int128 Big { get; set; }

    public decimal Money { get; set; }

    public double Real { get; set; }

    public float Single { get; set; }

    public char Letter { get; set; }

    public string? Text { get; set; }

    public Guid Id { get; set; }

    public DateTime When { get; set; }

    public DateTimeOffset WhenOffset { get; set; }

    public DateOnly Day { get; set; }

    public TimeOnly Time { get; set; }

    public TimeSpan Duration { get; set; }

    public Uri? Link { get; set; }

    public byte[]? Blob { get; set; }

    public MpColor Color { get; set; }

    public MpPermissions Permissions { get; set; }

    public int? MaybeNumber { get; set; }

    public List<string>? Names { get; set; }

    public Dictionary<int, string>? ById { get; set; }

    public object? Anything { get; set; }
}
