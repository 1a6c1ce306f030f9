using System.Collections.Concurrent;
using FastFormatters.Samples.WebApi.Models;

namespace FastFormatters.Samples.WebApi.Data;

/// <summary>
/// The sample's orders: 1 to 1000 always exist (generated deterministically); orders placed through the API are
/// numbered from 1,000,001 and live in memory, so 1001 to 1,000,000 never exist.
/// </summary>
public sealed class OrderStore
{
    /// <summary>How many generated orders exist.</summary>
    public const int GeneratedCount = 1000;

    private static readonly string[] s_customers = ["Ada Lovelace", "Grace Hopper", "Ken Thompson", "Zoë Müller", "田中 花子"];
    private static readonly DateTimeOffset s_epoch = new(2024, 1, 1, 9, 0, 0, TimeSpan.FromHours(1));
    private readonly ConcurrentDictionary<int, Order> _placed = new();
    private const int FirstPlacedId = 1_000_001;
    private int _lastId = FirstPlacedId - 1;

    /// <summary>The order with this number, or null.</summary>
    public Order? Find(int id) => id is >= 1 and <= GeneratedCount ? Generate(id) : _placed.GetValueOrDefault(id);

    /// <summary>Places a new order and returns it.</summary>
    public Order Place(CreateOrderRequest request)
    {
        int id = Interlocked.Increment(ref _lastId);
        var order = new Order(id, request.Customer, request.Lines, OrderStatus.Pending, DateTimeOffset.UtcNow, Sum(request.Lines), request.Notes);
        _placed[id] = order;
        return order;
    }

    private static Order Generate(int id)
    {
        int lineCount = 1 + id % 4;
        var lines = new OrderLine[lineCount];
        for (int i = 0; i < lineCount; i++)
        {
            lines[i] = new OrderLine { Sku = $"SKU-{(id * 31 + i) % 9973:D4}", Quantity = 1 + (id + i) % 5, UnitPrice = 1.25m + (id * 7 + i * 3) % 200 };
        }

        return new Order(
            id,
            s_customers[id % s_customers.Length],
            lines,
            (OrderStatus)(id % 5),
            s_epoch.AddMinutes(id * 13),
            Sum(lines),
            id % 3 == 0 ? null : $"Order #{id}: leave at the door \"please\".");
    }

    private static decimal Sum(IEnumerable<OrderLine> lines)
    {
        decimal total = 0;
        foreach (var line in lines)
        {
            total += line.Quantity * line.UnitPrice;
        }

        return total;
    }
}
