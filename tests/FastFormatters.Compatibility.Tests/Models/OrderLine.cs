using MessagePack;

namespace FastFormatters.Compatibility.Tests.Models;

/// <summary>An int-keyed object nested in <see cref="IntKeyedOrder"/>.</summary>
[MessagePackObject]
public sealed class OrderLine
{
    [Key(0)]
    public string Sku { get; set; } = "";

    [Key(1)]
    public int Quantity { get; set; }

    [Key(2)]
    public decimal UnitPrice { get; set; }
}
