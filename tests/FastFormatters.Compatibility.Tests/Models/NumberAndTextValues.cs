using MessagePack;

namespace FastFormatters.Compatibility.Tests.Models;

/// <summary>
/// Integers of every width in their smallest form (whatever the CLR type), floats at their fixed width, chars as
/// integers, decimals and Guids as strings, strings with fixstr/str8 headers.
/// </summary>
[MessagePackObject]
public sealed class NumberAndTextValues
{
    [Key(0)]
    public char Letter { get; set; }

    [Key(1)]
    public char Accented { get; set; }

    [Key(2)]
    public char Cjk { get; set; }

    [Key(3)]
    public decimal Price { get; set; }

    [Key(4)]
    public decimal NegativeDecimal { get; set; }

    [Key(5)]
    public decimal MaxDecimal { get; set; }

    [Key(6)]
    public Guid Id { get; set; }

    [Key(7)]
    public int IntMax { get; set; }

    [Key(8)]
    public int IntMin { get; set; }

    [Key(9)]
    public long BelowIntMin { get; set; }

    [Key(10)]
    public byte Byte { get; set; }

    [Key(11)]
    public sbyte SByte { get; set; }

    [Key(12)]
    public short SmallShort { get; set; }

    [Key(13)]
    public short NegativeShort { get; set; }

    [Key(14)]
    public ushort UShortMax { get; set; }

    [Key(15)]
    public uint UIntMax { get; set; }

    [Key(16)]
    public ulong ULongMax { get; set; }

    [Key(17)]
    public float Single { get; set; }

    [Key(18)]
    public double WholeDouble { get; set; }

    [Key(19)]
    public double NotANumber { get; set; }

    [Key(20)]
    public bool Flag { get; set; }

    [Key(21)]
    public string Empty { get; set; } = "";

    [Key(22)]
    public string ThirtyTwoUtf8Bytes { get; set; } = "";

    [Key(23)]
    public string? Missing { get; set; }

    [Key(24)]
    public int? NullableInt { get; set; }

    [Key(25)]
    public int? MissingInt { get; set; }

    [Key(26)]
    public decimal? NullableDecimal { get; set; }

    [Key(27)]
    public Guid? MissingGuid { get; set; }
}
