using FastFormatters.Negotiation;

namespace FastFormatters.Negotiation.Tests;

public sealed class ParsedMediaTypeTests
{
    [Theory]
    [InlineData("application/json", "application", "json", null)]
    [InlineData("Application/JSON; charset=utf-8", "application", "json", null)]
    [InlineData("application/problem+json", "application", "problem+json", "json")]
    [InlineData(" application/*+json ", "application", "*+json", "json")]
    [InlineData("*/*", "*", "*", null)]
    public void Parses_type_subtype_and_suffix(string text, string type, string subtype, string? suffix)
    {
        Assert.True(ParsedMediaType.TryParse(text, out var mediaType));
        Assert.Equal(type, mediaType.Type);
        Assert.Equal(subtype, mediaType.Subtype);
        Assert.Equal(suffix, mediaType.Suffix);
    }

    [Theory]
    [InlineData("")]
    [InlineData("json")]
    [InlineData("application/")]
    [InlineData("/json")]
    [InlineData("application/js on")]
    [InlineData("appli\"cation/json")]
    public void Rejects_what_is_not_a_media_type(string text) => Assert.False(ParsedMediaType.TryParse(text, out _));

    [Theory]
    [InlineData("application/json", "application/json", true)]
    [InlineData("application/json", "application/*", true)]
    [InlineData("application/json", "*/*", true)]
    [InlineData("application/problem+json", "application/*+json", true)]
    [InlineData("application/json", "application/*+json", false)]
    [InlineData("text/json", "application/*", false)]
    [InlineData("application/problem+xml", "application/*+json", false)]
    public void Subset_follows_wildcards_and_suffixes(string type, string range, bool expected)
        => Assert.Equal(expected, ParsedMediaType.Parse(type).IsSubsetOf(ParsedMediaType.Parse(range)));

    [Fact]
    public void Registry_finds_a_format_by_content_type_and_name()
    {
        var json = new FormatDefinition("json", "application/json", "text/json", "application/*+json");
        var other = new FormatDefinition("other", "application/x-other");
        var registry = new FormatRegistry([json, other]);

        Assert.Same(json, registry.Default);
        Assert.Same(json, registry.FindByContentType("application/problem+json; charset=utf-8"));
        Assert.Same(other, registry.FindByContentType("APPLICATION/X-OTHER"));
        Assert.Null(registry.FindByContentType("text/plain"));
        Assert.Null(registry.FindByContentType("*/*"));
        Assert.Null(registry.FindByContentType(null));
        Assert.Same(other, registry.FindByName("OTHER"));
        Assert.Throws<ArgumentException>(() => new FormatRegistry([json, json]));
        Assert.Throws<ArgumentException>(() => new FormatDefinition("bad", "application/*"));
    }
}
