using System.Text.Json;
using BenchmarkDotNet.Attributes;
using FastFormatters.Benchmarks.Infrastructure;
using FastFormatters.Benchmarks.Models;

namespace FastFormatters.Benchmarks;

/// <summary>
/// Reading a market-data feed: order-book snapshots (100 bid and 100 ask levels of decimal price and size; about 7 KB
/// as JSON, 5 KB as MessagePack) deserialized one after another. Each invocation reads 100 different messages,
/// prepared in every format in the setup; the time shown is per message, so messages per second = 10^9 / Mean (ns).
/// </summary>
[MemoryDiagnoser]
public class TickerBenchmarks
{
    private const int Messages = 100;
    private const int Levels = 100;

    private byte[][] _json = [];
    private byte[][] _jmc = [];
    private byte[][] _messagePack = [];

    [GlobalSetup]
    public void Setup()
    {
        var random = new Random(7);
        var snapshots = Enumerable.Range(0, Messages).Select(i => CreateSnapshot(random, i)).ToArray();
        _json = snapshots.Select(Serializers.FastJson).ToArray();
        _jmc = snapshots.Select(Serializers.FastJmc).ToArray();
        _messagePack = snapshots.Select(Serializers.FastMessagePack).ToArray();

        // Every reader gets the same snapshot out of its own format, and System.Text.Json reads FastFormatters' JSON.
        for (int i = 0; i < Messages; i++)
        {
            string what = $"TickerBenchmarks message {i}";
            Verify.SameJson($"{what}: FastFormatters JSON and System.Text.Json output", Serializers.StjJson(snapshots[i]), _json[i]);
            Verify.SameData($"{what}: FastFormatters JSON read", snapshots[i], Serializers.Fast.Deserialize<OrderBookSnapshot>(FastFormat.Json, _json[i]));
            Verify.SameData($"{what}: FastFormatters JMC1 read", snapshots[i], Serializers.Fast.Deserialize<OrderBookSnapshot>(FastFormat.Jsonc, _jmc[i]));
            Verify.SameData($"{what}: FastFormatters MessagePack read", snapshots[i], Serializers.Fast.Deserialize<OrderBookSnapshot>(FastFormat.MessagePack, _messagePack[i]));
            Verify.SameData($"{what}: System.Text.Json reflection read", snapshots[i], JsonSerializer.Deserialize<OrderBookSnapshot>(_json[i], Serializers.Stj)!);
            Verify.SameData($"{what}: System.Text.Json source-generated read", snapshots[i], JsonSerializer.Deserialize(_json[i], MicroJsonContext.Default.OrderBookSnapshot)!);
        }

        Console.WriteLine(
            $"// TickerBenchmarks: average message FastFormatters JSON {_json.Average(m => m.Length):N0} B, " +
            $"JMC1 {_jmc.Average(m => m.Length):N0} B, MessagePack {_messagePack.Average(m => m.Length):N0} B");
    }

    [Benchmark(Baseline = true, OperationsPerInvoke = Messages)]
    public long StjReflection()
    {
        long sequence = 0;
        foreach (byte[] message in _json)
        {
            sequence += JsonSerializer.Deserialize<OrderBookSnapshot>(message, Serializers.Stj)!.Sequence;
        }

        return sequence;
    }

    [Benchmark(OperationsPerInvoke = Messages)]
    public long StjSourceGen()
    {
        long sequence = 0;
        foreach (byte[] message in _json)
        {
            sequence += JsonSerializer.Deserialize(message, MicroJsonContext.Default.OrderBookSnapshot)!.Sequence;
        }

        return sequence;
    }

    [Benchmark(OperationsPerInvoke = Messages)]
    public long FastJson()
    {
        long sequence = 0;
        foreach (byte[] message in _json)
        {
            sequence += Serializers.Fast.Deserialize<OrderBookSnapshot>(FastFormat.Json, message).Sequence;
        }

        return sequence;
    }

    [Benchmark(OperationsPerInvoke = Messages)]
    public long FastJmc()
    {
        long sequence = 0;
        foreach (byte[] message in _jmc)
        {
            sequence += Serializers.Fast.Deserialize<OrderBookSnapshot>(FastFormat.Jsonc, message).Sequence;
        }

        return sequence;
    }

    [Benchmark(OperationsPerInvoke = Messages)]
    public long FastMessagePack()
    {
        long sequence = 0;
        foreach (byte[] message in _messagePack)
        {
            sequence += Serializers.Fast.Deserialize<OrderBookSnapshot>(FastFormat.MessagePack, message).Sequence;
        }

        return sequence;
    }

    // Prices around 3,400.00 in cent ticks, sizes with up to four decimals, like a liquid crypto or FX book.
    private static OrderBookSnapshot CreateSnapshot(Random random, int index)
    {
        decimal mid = 3_400m + random.Next(-5_000, 5_000) / 100m;
        return new OrderBookSnapshot
        {
            Symbol = "ETH-USD",
            Sequence = 9_870_000_000L + index,
            Timestamp = new DateTimeOffset(2024, 5, 1, 12, 30, 0, TimeSpan.Zero).AddTicks(index * 1_234_567L),
            LastPrice = mid,
            Bids = Enumerable.Range(1, Levels).Select(level => CreateLevel(random, mid - level * 0.01m)).ToArray(),
            Asks = Enumerable.Range(1, Levels).Select(level => CreateLevel(random, mid + level * 0.01m)).ToArray(),
        };
    }

    private static OrderBookLevel CreateLevel(Random random, decimal price) => new()
    {
        Price = price,
        Size = random.Next(1, 5_000_000) / 10_000m,
        Orders = random.Next(1, 40),
    };
}
