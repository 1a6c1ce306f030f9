using System.Numerics;

namespace FastFormatters.Diagnostics;

/// <summary>
/// A lock-free, allocation-free log-linear histogram of durations in nanoseconds, in the manner of HdrHistogram: values
/// below 16 have a bucket each; above, every power of two is split into 16 equal buckets, so a percentile read back is
/// within 1/16 (6.25%) of the true value. Recording is three interlocked operations; percentiles are computed on read.
/// </summary>
internal sealed class LatencyHistogram
{
    private const int SubBucketBits = 4;
    private const int SubBuckets = 1 << SubBucketBits;
    private const int BucketCount = SubBuckets + ((64 - SubBucketBits) * SubBuckets);

    private readonly long[] _counts = new long[BucketCount];
    private long _count;
    private long _sum;
    private long _max;

    public long Count => Volatile.Read(ref _count);

    public void Record(long nanoseconds)
    {
        if (nanoseconds < 0)
        {
            nanoseconds = 0;
        }

        Interlocked.Increment(ref _counts[BucketOf(nanoseconds)]);
        Interlocked.Increment(ref _count);
        Interlocked.Add(ref _sum, nanoseconds);
        long max;
        while (nanoseconds > (max = Volatile.Read(ref _max)) && Interlocked.CompareExchange(ref _max, nanoseconds, max) != max)
        {
        }
    }

    /// <summary>The mean, the given percentiles (0 to 100) and the maximum, in nanoseconds; zeros when empty.</summary>
    public (double Mean, long Max) Summarize(ReadOnlySpan<double> percentiles, Span<long> values)
    {
        long count = Count;
        values.Clear();
        if (count == 0)
        {
            return (0, 0);
        }

        // Counts may move while this runs: each percentile is placed within what was counted when it is reached.
        long seen = 0;
        int next = 0;
        for (int bucket = 0; bucket < BucketCount && next < percentiles.Length; bucket++)
        {
            seen += Volatile.Read(ref _counts[bucket]);
            while (next < percentiles.Length && seen >= Math.Ceiling(percentiles[next] / 100.0 * count))
            {
                values[next++] = UpperBoundOf(bucket);
            }
        }

        long max = Volatile.Read(ref _max);
        for (; next < percentiles.Length; next++)
        {
            values[next] = max;
        }

        for (int i = 0; i < values.Length; i++)
        {
            values[i] = Math.Min(values[i], max);
        }

        return ((double)Volatile.Read(ref _sum) / count, max);
    }

    public void Reset()
    {
        Array.Clear(_counts);
        Volatile.Write(ref _count, 0);
        Volatile.Write(ref _sum, 0);
        Volatile.Write(ref _max, 0);
    }

    internal static int BucketOf(long value)
    {
        if (value < SubBuckets)
        {
            return (int)value;
        }

        int exponent = BitOperations.Log2((ulong)value);
        int subBucket = (int)(value >> (exponent - SubBucketBits)) & (SubBuckets - 1);
        return SubBuckets + ((exponent - SubBucketBits) * SubBuckets) + subBucket;
    }

    internal static long UpperBoundOf(int bucket)
    {
        if (bucket < SubBuckets)
        {
            return bucket;
        }

        int exponent = ((bucket - SubBuckets) / SubBuckets) + SubBucketBits;
        long subBucket = (bucket - SubBuckets) % SubBuckets;
        long lower = (SubBuckets + subBucket) << (exponent - SubBucketBits);
        return lower + (1L << (exponent - SubBucketBits)) - 1;
    }
}
