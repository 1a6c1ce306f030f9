namespace FastFormatters.Benchmarks.Http.Models;

/// <summary>An order-book snapshot, the body of <c>POST /ticker</c>: mostly numbers, 100 levels a side.</summary>
public sealed class TickerSnapshot
{
    public string Symbol { get; set; } = string.Empty;

    public long Sequence { get; set; }

    public DateTimeOffset Timestamp { get; set; }

    public decimal LastPrice { get; set; }

    public List<PriceLevel> Bids { get; set; } = [];

    public List<PriceLevel> Asks { get; set; } = [];
}

public sealed class PriceLevel
{
    public decimal Price { get; set; }

    public decimal Size { get; set; }

    public int Orders { get; set; }
}

/// <summary>What <c>POST /ticker</c> answers: a few numbers read from the snapshot.</summary>
public sealed class TickerSummary
{
    public long Sequence { get; set; }

    public int BidCount { get; set; }

    public int AskCount { get; set; }

    /// <summary>The highest bid price, or <see langword="null"/> when there are no bids.</summary>
    public decimal? BestBid { get; set; }

    /// <summary>The summary of <paramref name="snapshot"/>.</summary>
    public static TickerSummary Of(TickerSnapshot snapshot)
    {
        ArgumentNullException.ThrowIfNull(snapshot);
        decimal? best = null;
        foreach (var level in snapshot.Bids)
        {
            if (best is not { } current || level.Price > current)
            {
                best = level.Price;
            }
        }

        return new TickerSummary
        {
            Sequence = snapshot.Sequence,
            BidCount = snapshot.Bids.Count,
            AskCount = snapshot.Asks.Count,
            BestBid = best,
        };
    }
}
