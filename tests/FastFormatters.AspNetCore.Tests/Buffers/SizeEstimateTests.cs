using FastFormatters.Buffers;

namespace FastFormatters.AspNetCore.Tests.Buffers;

public sealed class SizeEstimateTests
{
    [Fact]
    public void Starts_at_four_kilobytes_plus_headroom()
        => Assert.Equal(4096 + 512, new SizeEstimate().NextRentSize);

    [Fact]
    public void Grows_to_a_larger_payload_immediately()
    {
        var estimate = new SizeEstimate();
        estimate.Record(100_000);
        Assert.Equal(100_000 + 12_500, estimate.NextRentSize);
        estimate.Record(100_001);
        Assert.Equal(100_001 + 12_500, estimate.NextRentSize);
    }

    [Fact]
    public void Shrinks_a_quarter_of_the_way_at_a_time()
    {
        var estimate = new SizeEstimate();
        estimate.Record(100_000);
        estimate.Record(1_000);
        // 100,000 - (99,000 / 4) = 75,250, plus an eighth.
        Assert.Equal(75_250 + 9_406, estimate.NextRentSize);

        int previous = estimate.NextRentSize;
        for (int i = 0; i < 10; i++)
        {
            estimate.Record(1_000);
            Assert.True(estimate.NextRentSize < previous);
            Assert.True(estimate.NextRentSize > 1_000 + 125);
            previous = estimate.NextRentSize;
        }

        for (int i = 0; i < 100; i++)
        {
            estimate.Record(1_000);
        }

        Assert.InRange(estimate.NextRentSize, 1_125, 1_130);
    }

    [Fact]
    public void A_single_small_payload_does_not_collapse_the_estimate()
    {
        var estimate = new SizeEstimate();
        estimate.Record(1_000_000);
        estimate.Record(0);
        Assert.Equal(750_000 + 93_750, estimate.NextRentSize);
    }

    [Fact]
    public void Is_capped_at_four_megabytes()
    {
        var estimate = new SizeEstimate();
        estimate.Record(long.MaxValue);
        Assert.Equal(4 * 1024 * 1024 + 512 * 1024, estimate.NextRentSize);
    }

    [Fact]
    public void The_same_size_keeps_the_estimate()
    {
        var estimate = new SizeEstimate();
        estimate.Record(4096);
        Assert.Equal(4608, estimate.NextRentSize);
    }
}
