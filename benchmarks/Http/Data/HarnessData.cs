using System.Collections.Concurrent;
using FastFormatters.Benchmarks.Http.Models;
using FastFormatters.Samples.WebApi.Data;
using FastFormatters.Samples.WebApi.Models;

namespace FastFormatters.Benchmarks.Http.Data;

/// <summary>
/// The values the endpoints return, made once so that a measurement sees serializing, not generating. Everything is
/// deterministic, so every mode and every run answers the same data.
/// </summary>
public sealed class HarnessData
{
    /// <summary>How many distinct feed lengths are kept; other counts are generated per request.</summary>
    public const int MaxCachedFeeds = 16;

    /// <summary>Levels on each side of <see cref="Ticker"/>.</summary>
    public const int TickerDepth = 100;

    private readonly ConcurrentDictionary<int, List<Status>> _feeds = new();

    /// <summary>The body of <c>GET /book</c>.</summary>
    public Book Book { get; } = new()
    {
        Id = 42,
        Title = "The Left Hand of Darkness",
        Author = new Author { Name = "Ursula K. Le Guin", Born = 1929 },
        Published = new DateOnly(1969, 3, 1),
        Genre = Genre.ScienceFiction,
        Price = 9.99m,
        Tags = ["classic", "hugo", "nebula"],
    };

    /// <summary>The order-book snapshot that <c>GET /ticker-sample</c> serves and the benchmark posts.</summary>
    public TickerSnapshot Ticker { get; } = CreateTicker();

    /// <summary>
    /// The first <paramref name="count"/> statuses of <see cref="StatusFeed"/>; the same list instance for each count
    /// (up to <see cref="MaxCachedFeeds"/> distinct counts).
    /// </summary>
    public List<Status> Statuses(int count)
    {
        if (_feeds.TryGetValue(count, out var feed))
        {
            return feed;
        }

        feed = StatusFeed.Generate(count);
        return _feeds.Count < MaxCachedFeeds ? _feeds.GetOrAdd(count, feed) : feed;
    }

    private static TickerSnapshot CreateTicker()
    {
        const decimal mid = 64_250.00m;
        var snapshot = new TickerSnapshot
        {
            Symbol = "BTC-USD",
            Sequence = 9_876_543_210L,
            Timestamp = new DateTimeOffset(2024, 3, 1, 12, 0, 0, 125, TimeSpan.Zero),
            LastPrice = mid,
        };

        for (int i = 0; i < TickerDepth; i++)
        {
            // Prices keep two decimals and sizes three, as an exchange would send them.
            snapshot.Bids.Add(new PriceLevel { Price = mid - 0.50m * (i + 1), Size = 0.125m * (i % 7 + 1), Orders = 1 + i * 7 % 23 });
            snapshot.Asks.Add(new PriceLevel { Price = mid + 0.50m * (i + 1), Size = 0.250m * (i % 5 + 1), Orders = 1 + i * 11 % 19 });
        }

        return snapshot;
    }
}

/// <summary>Counts the requests served, other than <c>GET /stats</c> itself.</summary>
public sealed class RequestCounter
{
    private long _count;

    /// <summary>Requests counted so far.</summary>
    public long Count => Interlocked.Read(ref _count);

    /// <summary>Counts one request.</summary>
    public void Increment() => Interlocked.Increment(ref _count);
}
