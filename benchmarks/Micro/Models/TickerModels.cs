using System.Text.Json.Serialization;

namespace FastFormatters.Benchmarks.Models;

// An order-book snapshot as a market-data feed sends it: 100 bid and 100 ask levels. Levels use one-letter wire names,
// as such feeds do, which keeps a message near 7 KB of JSON (5 KB of MessagePack).

public sealed class OrderBookSnapshot
{
    [JsonPropertyName("symbol")]
    public string Symbol { get; set; } = "";

    [JsonPropertyName("sequence")]
    public long Sequence { get; set; }

    [JsonPropertyName("timestamp")]
    public DateTimeOffset Timestamp { get; set; }

    [JsonPropertyName("lastPrice")]
    public decimal LastPrice { get; set; }

    [JsonPropertyName("bids")]
    public OrderBookLevel[] Bids { get; set; } = null!;

    [JsonPropertyName("asks")]
    public OrderBookLevel[] Asks { get; set; } = null!;
}

public sealed class OrderBookLevel
{
    [JsonPropertyName("p")]
    public decimal Price { get; set; }

    [JsonPropertyName("s")]
    public decimal Size { get; set; }

    [JsonPropertyName("n")]
    public int Orders { get; set; }
}
