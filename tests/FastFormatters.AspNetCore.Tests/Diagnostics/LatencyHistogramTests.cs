using FastFormatters.Diagnostics;

namespace FastFormatters.AspNetCore.Tests.Diagnostics;

public sealed class LatencyHistogramTests
{
    public static TheoryData<string> Distributions => new() { "uniform", "log-normal", "bimodal", "constant", "tiny" };

    [Theory]
    [MemberData(nameof(Distributions))]
    public void Percentiles_are_within_a_sixteenth_of_the_sorted_values(string distribution)
    {
        var random = new Random(distribution.Length);
        var values = Enumerable.Range(0, 20_000).Select(_ => distribution switch
        {
            "uniform" => random.NextInt64(1, 10_000_000),
            "log-normal" => (long)Math.Exp(8 + (2 * Gaussian(random))),
            "bimodal" => random.Next(2) == 0 ? random.NextInt64(5_000, 6_000) : random.NextInt64(900_000, 1_100_000),
            "constant" => 123_456L,
            _ => random.NextInt64(0, 20),
        }).ToArray();
        var histogram = new LatencyHistogram();
        foreach (var value in values)
        {
            histogram.Record(value);
        }

        double[] percentiles = [50, 90, 99];
        var results = new long[3];
        var (mean, max) = histogram.Summarize(percentiles, results);
        Array.Sort(values);

        Assert.Equal(values.Length, histogram.Count);
        Assert.Equal(values[^1], max);
        Assert.Equal(values.Average(), mean, 6);
        for (int i = 0; i < percentiles.Length; i++)
        {
            long exact = values[(int)Math.Ceiling(percentiles[i] / 100 * values.Length) - 1];
            Assert.InRange(results[i], exact, Math.Max(exact + 1, (long)(exact * (1 + (1.0 / 16)))));
        }
    }

    [Fact]
    public void Concurrent_recording_loses_nothing()
    {
        var histogram = new LatencyHistogram();
        const int threads = 8;
        const int perThread = 50_000;

        Parallel.For(0, threads, new ParallelOptions { MaxDegreeOfParallelism = threads }, thread =>
        {
            for (int i = 0; i < perThread; i++)
            {
                histogram.Record(((thread * perThread) + i) % 10_000);
            }
        });

        var results = new long[1];
        var (mean, max) = histogram.Summarize([100], results);
        Assert.Equal(threads * perThread, histogram.Count);
        Assert.Equal(9_999, max);
        Assert.Equal(4_999.5, mean, 6);
        Assert.Equal(9_999, results[0]);
    }

    [Fact]
    public void Buckets_are_contiguous_and_bounds_are_consistent()
    {
        long previousUpper = -1;
        for (int bucket = 0; bucket < 900; bucket++)
        {
            long upper = LatencyHistogram.UpperBoundOf(bucket);
            Assert.True(upper > previousUpper);
            Assert.Equal(bucket, LatencyHistogram.BucketOf(upper));
            Assert.Equal(bucket, LatencyHistogram.BucketOf(previousUpper + 1));
            previousUpper = upper;
        }

        Assert.Equal(LatencyHistogram.BucketOf(long.MaxValue), LatencyHistogram.BucketOf(long.MaxValue - 1));
    }

    [Fact]
    public void Empty_and_reset_histograms_report_zeros()
    {
        var histogram = new LatencyHistogram();
        histogram.Record(42);
        histogram.Reset();
        var results = new long[2];

        Assert.Equal((0, 0), histogram.Summarize([50, 99], results));
        Assert.Equal([0, 0], results);
    }

    private static double Gaussian(Random random) => Math.Sqrt(-2 * Math.Log(1 - random.NextDouble())) * Math.Cos(2 * Math.PI * random.NextDouble());
}
