namespace FastFormatters.Compatibility.Tests.Models;

/// <summary>An int enum whose members need fixint, uint16 and negative encodings.</summary>
public enum OrderStatus
{
    Refunded = -1,
    Pending = 0,
    Shipped = 1,
    Cancelled = 300,
}
