using System.Diagnostics.Metrics;
using FastFormatters.Diagnostics;
using FastFormatters.Negotiation;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging.Abstractions;
using Microsoft.Extensions.Options;
using Microsoft.Extensions.Primitives;

namespace FastFormatters.AspNetCore.Tests.Negotiation;

/// <summary>
/// Accept headers, real and contrived, against the three formats in their default registration order, as the response
/// pipeline negotiates them (the one MVC and minimal APIs share): the media type chosen, and whether it was negotiated,
/// the default (no usable header) or a 406.
/// </summary>
public sealed class NegotiationTableTests
{
    private const string Browser = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";

    private static readonly FormatRegistry s_registry = new(
    [
        new FormatDefinition("json", "application/json", "text/json", "application/*+json"),
        new FormatDefinition("jsonc", "application/jsonc"),
        new FormatDefinition("msgpack", "application/x-msgpack", "application/msgpack", "application/vnd.msgpack"),
    ]);

    public static TheoryData<string, string?, string?, string> Headers => new()
    {
        // Absent, wildcards and the default format.
        { "", "json", "application/json", Default },
        { "*/*", "json", "application/json", Negotiated },
        { "application/*", "json", "application/json", Negotiated },
        { "text/*", "json", "text/json", Negotiated },
        { "*/*;q=0.5", "json", "application/json", Negotiated },

        // Each alias, answered with itself.
        { "application/json", "json", "application/json", Negotiated },
        { "text/json", "json", "text/json", Negotiated },
        { "application/jsonc", "jsonc", "application/jsonc", Negotiated },
        { "application/x-msgpack", "msgpack", "application/x-msgpack", Negotiated },
        { "application/msgpack", "msgpack", "application/msgpack", Negotiated },
        { "application/vnd.msgpack", "msgpack", "application/vnd.msgpack", Negotiated },
        { "APPLICATION/MSGPACK", "msgpack", "application/msgpack", Negotiated },
        { "Application/Vnd.MsgPack", "msgpack", "application/vnd.msgpack", Negotiated },

        // A specific type beats */* (where MVC ignores the whole header).
        { "application/x-msgpack, */*;q=0.1", "msgpack", "application/x-msgpack", Negotiated },
        { "*/*;q=0.1, application/x-msgpack", "msgpack", "application/x-msgpack", Negotiated },
        { "application/msgpack, */*", "msgpack", "application/msgpack", Negotiated },
        { "*/*, application/msgpack", "msgpack", "application/msgpack", Negotiated },
        { "*/*, application/jsonc", "jsonc", "application/jsonc", Negotiated },

        // Weights and specificity.
        { "application/*;q=0.2, application/msgpack", "msgpack", "application/msgpack", Negotiated },
        { "application/*;q=0.2, application/msgpack;q=0.1", "json", "application/json", Negotiated },
        { "application/json;q=0.5, application/x-msgpack;q=0.9", "msgpack", "application/x-msgpack", Negotiated },
        { "application/json;q=0.9, application/x-msgpack;q=0.9", "json", "application/json", Negotiated },
        { "application/x-msgpack;q=0.9, application/json;q=0.9", "json", "application/json", Negotiated },
        { "text/json;q=0.8, application/json;q=0.9", "json", "application/json", Negotiated },
        { "application/jsonc;q=0.5, application/json;q=0.4", "jsonc", "application/jsonc", Negotiated },
        { "application/*;q=0.5, application/jsonc;q=0.6", "jsonc", "application/jsonc", Negotiated },
        { "*/*;q=0.5, application/jsonc;q=0.4", "json", "application/json", Negotiated },
        { "application/vnd.msgpack, application/x-msgpack", "msgpack", "application/x-msgpack", Negotiated },
        { "application/json;q=0.001, application/msgpack;q=0.002", "msgpack", "application/msgpack", Negotiated },

        // q=0 excludes; naming an alias with q=0 refuses its format unless another alias is named.
        { "*/*, application/json;q=0", "jsonc", "application/jsonc", Negotiated },
        { "application/json;q=0, */*", "jsonc", "application/jsonc", Negotiated },
        { "application/*, text/json;q=0", "jsonc", "application/jsonc", Negotiated },
        { "application/msgpack;q=0, */*", "json", "application/json", Negotiated },
        { "application/json, application/msgpack;q=0", "json", "application/json", Negotiated },
        { "application/x-msgpack;q=0, application/msgpack", "msgpack", "application/msgpack", Negotiated },
        { "application/json, */*;q=0", "json", "application/json", Negotiated },
        { "text/*;q=0, */*", "json", "application/json", Negotiated },
        { "application/json;q=0", null, null, NotAcceptable },
        { "*/*;q=0", null, null, NotAcceptable },
        { "application/json;q=0, application/jsonc;q=0, application/x-msgpack;q=0", null, null, NotAcceptable },

        // Real clients.
        { Browser, "json", "application/json", Negotiated },
        { "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8,application/signed-exchange;v=b3;q=0.7", "json", "application/json", Negotiated },
        { "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8", "json", "application/json", Negotiated },
        { "application/json, text/plain, */*", "json", "application/json", Negotiated },
        { "application/json, text/javascript, */*; q=0.01", "json", "application/json", Negotiated },
        { "text/plain, */*;q=0.01", "json", "application/json", Negotiated },
        { "application/x-msgpack, application/json;q=0.5", "msgpack", "application/x-msgpack", Negotiated },

        // Nothing acceptable.
        { "text/html", null, null, NotAcceptable },
        { "application/xml", null, null, NotAcceptable },
        { "image/png, text/plain", null, null, NotAcceptable },
        { "application/*+json", null, null, NotAcceptable },
        { "application/x-protobuf", null, null, NotAcceptable },

        // Parameters and whitespace.
        { "application/json; charset=utf-8", "json", "application/json", Negotiated },
        { "application/json;v=2", "json", "application/json", Negotiated },
        { "application/json; q=0.5", "json", "application/json", Negotiated },
        { "application/json;Q=0.5", "json", "application/json", Negotiated },
        { "application/json;q=1.000", "json", "application/json", Negotiated },
        { "application/json ; q=0.7 , application/msgpack ; q=0.8", "msgpack", "application/msgpack", Negotiated },
        { ",,application/msgpack,,", "msgpack", "application/msgpack", Negotiated },
        { "  application/msgpack  ", "msgpack", "application/msgpack", Negotiated },
        { "application/json;foo=\"a,b;c\", application/msgpack;q=0.1", "json", "application/json", Negotiated },

        // Malformed headers count as absent: the default format.
        { "application/json;q=1.001", "json", "application/json", Default },
        { "application/msgpack;q=2", "json", "application/json", Default },
        { "application/msgpack;q=0.1234", "json", "application/json", Default },
        { "application/msgpack;q=", "json", "application/json", Default },
        { "application/msgpack;q=abc", "json", "application/json", Default },
        { "application/msgpack;q=-1", "json", "application/json", Default },
        { "garbage", "json", "application/json", Default },
        { "application/", "json", "application/json", Default },
        { "/json", "json", "application/json", Default },
        { "*/json", "json", "application/json", Default },
        { "application/msgpack;charset", "json", "application/json", Default },
        { "application/msgpack, text html", "json", "application/json", Default },
    };

    private const string Negotiated = "negotiated";
    private const string Default = "default";
    private const string NotAcceptable = "406";

    [Theory]
    [MemberData(nameof(Headers))]
    public void Accept_header_chooses_the_format_and_alias(string accept, string? format, string? mediaType, string outcome)
    {
        var (chosen, how) = Negotiate(s_registry, accept);

        Assert.Equal(outcome, how);
        Assert.Equal(mediaType, chosen);
        Assert.Equal(format, chosen is null ? null : s_registry.FindByContentType(chosen)?.Name);
    }

    [Fact]
    public void The_table_has_at_least_sixty_headers() => Assert.True(Headers.Count >= 60);

    [Fact]
    public void Several_header_lines_are_one_list()
        => Assert.Equal("application/x-msgpack", Negotiate(s_registry, new StringValues(["application/json;q=0.4", "application/x-msgpack;q=0.5"])).MediaType);

    [Fact]
    public void Registration_order_sets_the_default_and_breaks_ties()
    {
        var msgpackFirst = new FormatRegistry(
        [
            new FormatDefinition("msgpack", "application/x-msgpack"),
            new FormatDefinition("json", "application/json"),
        ]);

        Assert.Equal("application/x-msgpack", Negotiate(msgpackFirst, StringValues.Empty).MediaType);
        Assert.Equal("application/x-msgpack", Negotiate(msgpackFirst, "*/*").MediaType);
        Assert.Equal("application/x-msgpack", Negotiate(msgpackFirst, "application/json;q=0.5, application/x-msgpack;q=0.5").MediaType);
        Assert.Equal("application/json", Negotiate(msgpackFirst, "application/json").MediaType);
    }

    [Fact]
    public void The_format_query_parameter_picks_its_canonical_type_whatever_the_header()
    {
        Assert.Equal("application/x-msgpack", Negotiate(s_registry, "application/json", "?format=MsgPack").MediaType);
        Assert.Equal("application/json", Negotiate(s_registry, "application/json", "?format=xml").MediaType);
    }

    private static (string? MediaType, string Outcome) Negotiate(FormatRegistry registry, StringValues accept, string query = "")
    {
        var negotiation = new ResponseNegotiation(
            Options.Create(new FastFormattersOptions { FormatQueryParameter = "format", ReturnHttpNotAcceptable = true }), registry, NullLogger<ResponseNegotiation>.Instance);
        var candidates = ResponseCandidates.From(registry);
        using var services = new ServiceCollection().AddMetrics().BuildServiceProvider();
        var metrics = new FormatterMetrics(services.GetRequiredService<IMeterFactory>(), registry.Formats.Select(format => format.Name));
        var httpContext = new DefaultHttpContext();
        httpContext.Request.Headers.Accept = accept;
        httpContext.Request.QueryString = new QueryString(query);
        bool state = true;

        var choice = negotiation.Choose(httpContext, candidates, ref state, static (ref bool _, string _) => true, notAcceptableAllowed: true, metrics);

        var counts = metrics.GetReport().Negotiation;
        return choice.IsNotAcceptable ? (null, NotAcceptable)
            : (candidates.Text[choice.Candidate], counts.Default == 1 ? Default : counts.Negotiated == 1 ? Negotiated : "?");
    }
}
