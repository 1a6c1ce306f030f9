using FastFormatters.Negotiation;
using Microsoft.Extensions.Primitives;

namespace FastFormatters.Negotiation.Tests;

/// <summary>Accept headers, real and contrived, against the three formats in their default registration order.</summary>
public sealed class NegotiationTableTests
{
    private const string Browser = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";

    private static readonly FormatNegotiator s_negotiator = new(new FormatRegistry(
    [
        new FormatDefinition("json", "application/json", "text/json", "application/*+json"),
        new FormatDefinition("jsonc", "application/jsonc"),
        new FormatDefinition("msgpack", "application/x-msgpack", "application/msgpack", "application/vnd.msgpack"),
    ]));

    public static TheoryData<string, string?, string?, string> Headers => new()
    {
        // Absent, wildcards and the default format.
        { "", "json", "application/json", nameof(NegotiationOutcome.Default) },
        { "*/*", "json", "application/json", nameof(NegotiationOutcome.Negotiated) },
        { "application/*", "json", "application/json", nameof(NegotiationOutcome.Negotiated) },
        { "text/*", "json", "text/json", nameof(NegotiationOutcome.Negotiated) },
        { "*/*;q=0.5", "json", "application/json", nameof(NegotiationOutcome.Negotiated) },

        // Each alias, answered with itself.
        { "application/json", "json", "application/json", nameof(NegotiationOutcome.Negotiated) },
        { "text/json", "json", "text/json", nameof(NegotiationOutcome.Negotiated) },
        { "application/jsonc", "jsonc", "application/jsonc", nameof(NegotiationOutcome.Negotiated) },
        { "application/x-msgpack", "msgpack", "application/x-msgpack", nameof(NegotiationOutcome.Negotiated) },
        { "application/msgpack", "msgpack", "application/msgpack", nameof(NegotiationOutcome.Negotiated) },
        { "application/vnd.msgpack", "msgpack", "application/vnd.msgpack", nameof(NegotiationOutcome.Negotiated) },
        { "APPLICATION/MSGPACK", "msgpack", "application/msgpack", nameof(NegotiationOutcome.Negotiated) },
        { "Application/Vnd.MsgPack", "msgpack", "application/vnd.msgpack", nameof(NegotiationOutcome.Negotiated) },

        // A specific type beats */* (where MVC ignores the whole header).
        { "application/x-msgpack, */*;q=0.1", "msgpack", "application/x-msgpack", nameof(NegotiationOutcome.Negotiated) },
        { "*/*;q=0.1, application/x-msgpack", "msgpack", "application/x-msgpack", nameof(NegotiationOutcome.Negotiated) },
        { "application/msgpack, */*", "msgpack", "application/msgpack", nameof(NegotiationOutcome.Negotiated) },
        { "*/*, application/msgpack", "msgpack", "application/msgpack", nameof(NegotiationOutcome.Negotiated) },
        { "*/*, application/jsonc", "jsonc", "application/jsonc", nameof(NegotiationOutcome.Negotiated) },

        // Weights and specificity.
        { "application/*;q=0.2, application/msgpack", "msgpack", "application/msgpack", nameof(NegotiationOutcome.Negotiated) },
        { "application/*;q=0.2, application/msgpack;q=0.1", "json", "application/json", nameof(NegotiationOutcome.Negotiated) },
        { "application/json;q=0.5, application/x-msgpack;q=0.9", "msgpack", "application/x-msgpack", nameof(NegotiationOutcome.Negotiated) },
        { "application/json;q=0.9, application/x-msgpack;q=0.9", "json", "application/json", nameof(NegotiationOutcome.Negotiated) },
        { "application/x-msgpack;q=0.9, application/json;q=0.9", "json", "application/json", nameof(NegotiationOutcome.Negotiated) },
        { "text/json;q=0.8, application/json;q=0.9", "json", "application/json", nameof(NegotiationOutcome.Negotiated) },
        { "application/jsonc;q=0.5, application/json;q=0.4", "jsonc", "application/jsonc", nameof(NegotiationOutcome.Negotiated) },
        { "application/*;q=0.5, application/jsonc;q=0.6", "jsonc", "application/jsonc", nameof(NegotiationOutcome.Negotiated) },
        { "*/*;q=0.5, application/jsonc;q=0.4", "json", "application/json", nameof(NegotiationOutcome.Negotiated) },
        { "application/vnd.msgpack, application/x-msgpack", "msgpack", "application/x-msgpack", nameof(NegotiationOutcome.Negotiated) },
        { "application/json;q=0.001, application/msgpack;q=0.002", "msgpack", "application/msgpack", nameof(NegotiationOutcome.Negotiated) },

        // q=0 excludes; naming an alias with q=0 refuses its format unless another alias is named.
        { "*/*, application/json;q=0", "jsonc", "application/jsonc", nameof(NegotiationOutcome.Negotiated) },
        { "application/json;q=0, */*", "jsonc", "application/jsonc", nameof(NegotiationOutcome.Negotiated) },
        { "application/*, text/json;q=0", "jsonc", "application/jsonc", nameof(NegotiationOutcome.Negotiated) },
        { "application/msgpack;q=0, */*", "json", "application/json", nameof(NegotiationOutcome.Negotiated) },
        { "application/json, application/msgpack;q=0", "json", "application/json", nameof(NegotiationOutcome.Negotiated) },
        { "application/x-msgpack;q=0, application/msgpack", "msgpack", "application/msgpack", nameof(NegotiationOutcome.Negotiated) },
        { "application/json, */*;q=0", "json", "application/json", nameof(NegotiationOutcome.Negotiated) },
        { "text/*;q=0, */*", "json", "application/json", nameof(NegotiationOutcome.Negotiated) },
        { "application/json;q=0", null, null, nameof(NegotiationOutcome.NotAcceptable) },
        { "*/*;q=0", null, null, nameof(NegotiationOutcome.NotAcceptable) },
        { "application/json;q=0, application/jsonc;q=0, application/x-msgpack;q=0", null, null, nameof(NegotiationOutcome.NotAcceptable) },

        // Real clients.
        { Browser, "json", "application/json", nameof(NegotiationOutcome.Negotiated) },
        { "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8,application/signed-exchange;v=b3;q=0.7", "json", "application/json", nameof(NegotiationOutcome.Negotiated) },
        { "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8", "json", "application/json", nameof(NegotiationOutcome.Negotiated) },
        { "application/json, text/plain, */*", "json", "application/json", nameof(NegotiationOutcome.Negotiated) },
        { "application/json, text/javascript, */*; q=0.01", "json", "application/json", nameof(NegotiationOutcome.Negotiated) },
        { "text/plain, */*;q=0.01", "json", "application/json", nameof(NegotiationOutcome.Negotiated) },
        { "application/x-msgpack, application/json;q=0.5", "msgpack", "application/x-msgpack", nameof(NegotiationOutcome.Negotiated) },

        // Nothing acceptable.
        { "text/html", null, null, nameof(NegotiationOutcome.NotAcceptable) },
        { "application/xml", null, null, nameof(NegotiationOutcome.NotAcceptable) },
        { "image/png, text/plain", null, null, nameof(NegotiationOutcome.NotAcceptable) },
        { "application/*+json", null, null, nameof(NegotiationOutcome.NotAcceptable) },
        { "application/x-protobuf", null, null, nameof(NegotiationOutcome.NotAcceptable) },

        // Parameters and whitespace.
        { "application/json; charset=utf-8", "json", "application/json", nameof(NegotiationOutcome.Negotiated) },
        { "application/json;v=2", "json", "application/json", nameof(NegotiationOutcome.Negotiated) },
        { "application/json; q=0.5", "json", "application/json", nameof(NegotiationOutcome.Negotiated) },
        { "application/json;Q=0.5", "json", "application/json", nameof(NegotiationOutcome.Negotiated) },
        { "application/json;q=1.000", "json", "application/json", nameof(NegotiationOutcome.Negotiated) },
        { "application/json ; q=0.7 , application/msgpack ; q=0.8", "msgpack", "application/msgpack", nameof(NegotiationOutcome.Negotiated) },
        { ",,application/msgpack,,", "msgpack", "application/msgpack", nameof(NegotiationOutcome.Negotiated) },
        { "  application/msgpack  ", "msgpack", "application/msgpack", nameof(NegotiationOutcome.Negotiated) },
        { "application/json;foo=\"a,b;c\", application/msgpack;q=0.1", "json", "application/json", nameof(NegotiationOutcome.Negotiated) },

        // Malformed headers count as absent: the default format.
        { "application/json;q=1.001", "json", "application/json", nameof(NegotiationOutcome.Default) },
        { "application/msgpack;q=2", "json", "application/json", nameof(NegotiationOutcome.Default) },
        { "application/msgpack;q=0.1234", "json", "application/json", nameof(NegotiationOutcome.Default) },
        { "application/msgpack;q=", "json", "application/json", nameof(NegotiationOutcome.Default) },
        { "application/msgpack;q=abc", "json", "application/json", nameof(NegotiationOutcome.Default) },
        { "application/msgpack;q=-1", "json", "application/json", nameof(NegotiationOutcome.Default) },
        { "garbage", "json", "application/json", nameof(NegotiationOutcome.Default) },
        { "application/", "json", "application/json", nameof(NegotiationOutcome.Default) },
        { "/json", "json", "application/json", nameof(NegotiationOutcome.Default) },
        { "*/json", "json", "application/json", nameof(NegotiationOutcome.Default) },
        { "application/msgpack;charset", "json", "application/json", nameof(NegotiationOutcome.Default) },
        { "application/msgpack, text html", "json", "application/json", nameof(NegotiationOutcome.Default) },
    };

    [Theory]
    [MemberData(nameof(Headers))]
    public void Accept_header_chooses_the_format_and_alias(string accept, string? format, string? mediaType, string outcome)
    {
        var result = s_negotiator.Negotiate(accept);

        Assert.Equal(outcome, result.Outcome.ToString());
        Assert.Equal(format, result.Format?.Name);
        Assert.Equal(mediaType, result.MediaType);
    }

    [Fact]
    public void The_table_has_at_least_sixty_headers() => Assert.True(Headers.Count >= 60);

    [Fact]
    public void Several_header_lines_are_one_list()
    {
        var result = s_negotiator.Negotiate(new StringValues(["application/json;q=0.4", "application/x-msgpack;q=0.5"]));

        Assert.Equal("msgpack", result.Format?.Name);
    }

    [Fact]
    public void Results_are_the_same_when_cached() =>
        Assert.Equal(s_negotiator.Negotiate("application/msgpack, */*"), s_negotiator.Negotiate("application/msgpack, */*"));

    [Fact]
    public void Registration_order_sets_the_default_and_breaks_ties()
    {
        var msgpackFirst = new FormatNegotiator(new FormatRegistry(
        [
            new FormatDefinition("msgpack", "application/x-msgpack"),
            new FormatDefinition("json", "application/json"),
        ]));

        Assert.Equal("msgpack", msgpackFirst.Negotiate(StringValues.Empty).Format?.Name);
        Assert.Equal("msgpack", msgpackFirst.Negotiate("*/*").Format?.Name);
        Assert.Equal("msgpack", msgpackFirst.Negotiate("application/json;q=0.5, application/x-msgpack;q=0.5").Format?.Name);
        Assert.Equal("json", msgpackFirst.Negotiate("application/json").Format?.Name);
    }

    [Fact]
    public void Format_name_override_picks_the_canonical_type()
    {
        Assert.Equal("application/x-msgpack", s_negotiator.ForFormatName("MsgPack")?.MediaType);
        Assert.Null(s_negotiator.ForFormatName("xml"));
        Assert.Null(s_negotiator.ForFormatName(null));
    }
}
