using MessagePack;

namespace FastFormatters.Compatibility.Tests.Models;

/// <summary>An enum value with no name: a number, or its decimal digits as a string by name.</summary>
[MessagePackObject]
public sealed class UndefinedEnumValue
{
    [Key(0)]
    public OrderStatus Status { get; set; }

    [Key(1)]
    public Permissions UnknownFlags { get; set; }
}
