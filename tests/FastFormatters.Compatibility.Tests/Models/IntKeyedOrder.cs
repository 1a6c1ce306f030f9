using MessagePack;

namespace FastFormatters.Compatibility.Tests.Models;

/// <summary>
/// <c>[Key(int)]</c> members: an array as long as the largest key plus one, key 1 unused so its slot is nil, and an
/// <c>[IgnoreMember]</c> that never goes on the wire.
/// </summary>
[MessagePackObject]
public sealed class IntKeyedOrder
{
    [Key(0)]
    public int Id { get; set; }

    [Key(2)]
    public string? Customer { get; set; }

    [Key(3)]
    public OrderStatus Status { get; set; }

    [Key(4)]
    public List<OrderLine> Lines { get; set; } = [];

    [Key(5)]
    public string? Note { get; set; }

    [IgnoreMember]
    public string? InternalMemo { get; set; }
}
