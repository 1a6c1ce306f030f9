using MessagePack;

namespace FastFormatters.Compatibility.Tests.Models;

/// <summary>
/// <c>object</c> members: boxed integers at the fixed width of their CLR type (an int 1 is <c>d2 00 00 00 01</c>), boxed
/// enums at their underlying type's width, and arrays and maps of boxed values.
/// </summary>
[MessagePackObject]
public sealed class ObjectSlots
{
    [Key(0)]
    public object? Int { get; set; }

    [Key(1)]
    public object? Long { get; set; }

    [Key(2)]
    public object? Short { get; set; }

    [Key(3)]
    public object? Byte { get; set; }

    [Key(4)]
    public object? SByte { get; set; }

    [Key(5)]
    public object? UShort { get; set; }

    [Key(6)]
    public object? UInt { get; set; }

    [Key(7)]
    public object? ULong { get; set; }

    [Key(8)]
    public object? Bool { get; set; }

    [Key(9)]
    public object? Double { get; set; }

    [Key(10)]
    public object? Single { get; set; }

    [Key(11)]
    public object? Text { get; set; }

    [Key(12)]
    public object? Null { get; set; }

    [Key(13)]
    public object? Array { get; set; }

    [Key(14)]
    public object? Map { get; set; }

    [Key(15)]
    public object? Enum { get; set; }

    [Key(16)]
    public object? Timestamp { get; set; }

    [Key(17)]
    public object? Bytes { get; set; }

    [Key(18)]
    public Dictionary<string, object?> Extra { get; set; } = [];
}
