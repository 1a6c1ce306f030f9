using FastFormatters.Negotiation;

namespace FastFormatters.Negotiation.Tests;

public sealed class AcceptHeaderTests
{
    [Fact]
    public void Parses_ranges_weights_and_specificity_in_order()
    {
        var ranges = new List<MediaRange>();

        Assert.True(AcceptHeader.TryParse("text/*;q=0.3, application/json;v=1;q=0.5, */*;q=0.05, application/x-msgpack", ranges));

        Assert.Equal(["text/*", "application/json", "*/*", "application/x-msgpack"], ranges.Select(range => range.MediaType.ToString()));
        Assert.Equal([300, 500, 50, 1000], ranges.Select(range => range.Quality));
        Assert.Equal([1, 4, 0, 3], ranges.Select(range => range.Specificity));
    }

    [Theory]
    [InlineData("0", 0)]
    [InlineData("0.", 0)]
    [InlineData("0.5", 500)]
    [InlineData("0.05", 50)]
    [InlineData("0.123", 123)]
    [InlineData("1", 1000)]
    [InlineData("1.0", 1000)]
    [InlineData("1.000", 1000)]
    public void Weights_have_at_most_three_decimals(string q, int thousandths)
    {
        var ranges = new List<MediaRange>();
        Assert.True(AcceptHeader.TryParse("application/json;q=" + q, ranges));
        Assert.Equal(thousandths, Assert.Single(ranges).Quality);
    }

    [Theory]
    [InlineData("1.1")]
    [InlineData("0.1234")]
    [InlineData("2")]
    [InlineData(".5")]
    [InlineData("")]
    [InlineData("x")]
    public void Invalid_weights_make_the_header_unparsable(string q)
    {
        var ranges = new List<MediaRange>();
        Assert.False(AcceptHeader.TryParse("application/json, text/json;q=" + q, ranges));
        Assert.Empty(ranges);
    }

    [Fact]
    public void Media_type_selector_weighs_by_the_most_specific_range()
    {
        var ranges = new List<MediaRange>();
        AcceptHeader.TryParse("application/*;q=0.2, application/msgpack;q=0.9, */*;q=0.1", ranges);
        var span = System.Runtime.InteropServices.CollectionsMarshal.AsSpan(ranges);

        Assert.Equal((900, 3), MediaTypeSelector.Evaluate(ParsedMediaType.Parse("application/msgpack"), span));
        Assert.Equal((200, 1), MediaTypeSelector.Evaluate(ParsedMediaType.Parse("application/json"), span));
        Assert.Equal((100, 0), MediaTypeSelector.Evaluate(ParsedMediaType.Parse("text/json"), span));
    }
}
