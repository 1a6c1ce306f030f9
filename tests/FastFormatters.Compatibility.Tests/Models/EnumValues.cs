using MessagePack;

namespace FastFormatters.Compatibility.Tests.Models;

/// <summary>Enums as underlying integers (default) or names (DynamicEnumAsStringResolver).</summary>
[MessagePackObject]
public sealed class EnumValues
{
    [Key(0)]
    public OrderStatus Status { get; set; }

    [Key(1)]
    public OrderStatus LargeStatus { get; set; }

    [Key(2)]
    public OrderStatus NegativeStatus { get; set; }

    [Key(3)]
    public Priority Priority { get; set; }

    [Key(4)]
    public StorageClass Storage { get; set; }

    [Key(5)]
    public Permissions Permissions { get; set; }

    [Key(6)]
    public ShippingSpeed Speed { get; set; }

    [Key(7)]
    public OrderStatus? MissingStatus { get; set; }

    [Key(8)]
    public OrderStatus? PresentStatus { get; set; }

    [Key(9)]
    public List<OrderStatus> History { get; set; } = [];

    [Key(10)]
    public Dictionary<OrderStatus, int> CountByStatus { get; set; } = [];
}
