using FastFormatters.Negotiation;

namespace FastFormatters.AspNetCore.Tests.Negotiation;

public sealed class AcceptHeaderCacheTests
{
    [Fact]
    public void Reports_malformed_headers_and_parses_the_rest()
    {
        var cache = new AcceptHeaderCache();

        Assert.True(cache.Parse("not a media type", out bool malformed).IsEmpty);
        Assert.True(malformed);
        Assert.Equal(2, cache.Parse("application/json, */*", out malformed).Length);
        Assert.False(malformed);
        Assert.True(cache.Parse(default, out malformed).IsEmpty);
        Assert.False(malformed);
    }

    [Fact]
    public void A_repeated_header_is_answered_with_the_same_ranges()
    {
        var cache = new AcceptHeaderCache();

        var first = cache.Parse("application/x-msgpack;q=0.9, application/json", out _);
        var second = cache.Parse("application/x-msgpack;q=0.9, application/json", out _);

        Assert.True(first == second, "The second parse should hand back the first one's ranges.");
        Assert.Equal("x-msgpack", first[0].MediaType.Subtype);
    }

    [Fact]
    public void Past_its_capacity_it_starts_over_and_still_answers()
    {
        var cache = new AcceptHeaderCache();
        for (int i = 0; i < 600; i++)
        {
            Assert.Equal(1, cache.Parse($"application/x-test{i}", out _).Length);
        }

        Assert.Equal(1, cache.Parse("application/json", out _).Length);
    }
}
