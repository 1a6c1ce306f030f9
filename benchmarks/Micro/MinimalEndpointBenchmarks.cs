using BenchmarkDotNet.Attributes;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.Features;
using Microsoft.AspNetCore.Routing;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using FastFormatters.MessagePackCSharp;
using MessagePack.Resolvers;

namespace FastFormatters.Benchmarks;

/// <summary>
/// One minimal-API response, from the endpoint's request delegate to the bytes handed to the response body (routing and
/// the server left out): a handler that returns its value plainly under <c>WithContentNegotiation()</c>, against the
/// same handler returning <c>FastResults.Negotiated(value)</c> (the baseline) and against ASP.NET Core's own JSON for the
/// plain handler without the convention (in every format's row, since the framework writes JSON whatever is asked),
/// and against <c>FastResults.Negotiated(value)</c> in an app with the verify mode on once the type's values have been
/// verified (what every later response pays while the mode is on). The feed is 100 posts (about 30 KB of JSON); the
/// small object one order (about 120 bytes).
/// </summary>
[MemoryDiagnoser]
public class MinimalEndpointBenchmarks
{
    private WebApplication? _app;
    private WebApplication? _verifiedApp;
    private RequestDelegate _convention = null!;
    private RequestDelegate _negotiated = null!;
    private RequestDelegate _framework = null!;
    private RequestDelegate _verified = null!;

    [Params("application/json", "application/x-msgpack")]
    public string Accept { get; set; } = "";

    [Params("feed", "small")]
    public string Payload { get; set; } = "";

    [GlobalSetup]
    public void Setup()
    {
        var builder = WebApplication.CreateSlimBuilder();
        builder.Logging.ClearProviders();
        builder.Services.AddFastFormatters();
        _app = builder.Build();

        var feed = Feed.Create(100);
        var order = new SmallOrder(7, "Ada Lovelace", 3, 129.95m, new DateTimeOffset(2026, 11, 27, 9, 30, 0, TimeSpan.Zero), "Paid");
        bool isFeed = Payload == "feed";
        var convention = _app.MapGroup("/convention").WithContentNegotiation();
        var plain = _app.MapGroup("/framework");
        if (isFeed)
        {
            convention.MapGet("/", () => feed);
            plain.MapGet("/", () => feed);
            _app.MapGet("/negotiated", () => FastResults.Negotiated(feed));
        }
        else
        {
            convention.MapGet("/", () => order);
            plain.MapGet("/", () => order);
            _app.MapGet("/negotiated", () => FastResults.Negotiated(order));
        }

        var endpoints = ((IEndpointRouteBuilder)_app).DataSources.SelectMany(source => source.Endpoints).OfType<RouteEndpoint>().ToList();
        _convention = Find(endpoints, "/convention/");
        _negotiated = Find(endpoints, "/negotiated");
        _framework = Find(endpoints, "/framework/");

        var verifiedBuilder = WebApplication.CreateSlimBuilder();
        verifiedBuilder.Logging.ClearProviders();
        verifiedBuilder.Services.AddFastFormatters(o =>
        {
            o.Verification.Enabled = true;
            o.Verification.ValuesPerType = 1;
            o.Verification.MessagePackReference = new MessagePackCSharpSerializer(ContractlessStandardResolver.Options, MessagePackCSharpTypes.All);
        });
        _verifiedApp = verifiedBuilder.Build();
        if (isFeed)
        {
            _verifiedApp.MapGet("/negotiated", () => FastResults.Negotiated(feed));
        }
        else
        {
            _verifiedApp.MapGet("/negotiated", () => FastResults.Negotiated(order));
        }

        _verified = Find([.. ((IEndpointRouteBuilder)_verifiedApp).DataSources.SelectMany(source => source.Endpoints).OfType<RouteEndpoint>()], "/negotiated");
        var verifying = NewContext(_verifiedApp);
        _verified(verifying).GetAwaiter().GetResult();
        if (verifying.Response.StatusCode != StatusCodes.Status200OK)
        {
            throw new InvalidOperationException($"The verified endpoint answered {verifying.Response.StatusCode}.");
        }
    }

    [GlobalCleanup]
    public async Task CleanupAsync()
    {
        if (_app is not null)
        {
            await _app.DisposeAsync();
        }

        if (_verifiedApp is not null)
        {
            await _verifiedApp.DisposeAsync();
        }
    }

    [Benchmark(Baseline = true)]
    public Task Negotiated() => _negotiated(NewContext());

    [Benchmark]
    public Task Convention() => _convention(NewContext());

    [Benchmark]
    public Task FrameworkJson() => _framework(NewContext());

    [Benchmark]
    public Task NegotiatedVerifyModeOn() => _verified(NewContext(_verifiedApp!));

    private DefaultHttpContext NewContext() => NewContext(_app!);

    private DefaultHttpContext NewContext(WebApplication app)
    {
        var context = new DefaultHttpContext { RequestServices = app.Services };
        context.Request.Method = HttpMethods.Get;
        context.Request.Headers.Accept = Accept;
        context.Features.Set<IHttpResponseBodyFeature>(new StreamResponseBodyFeature(Stream.Null));
        return context;
    }

    private static RequestDelegate Find(List<RouteEndpoint> endpoints, string pattern)
        => endpoints.Single(endpoint => endpoint.RoutePattern.RawText == pattern).RequestDelegate!;

    /// <summary>An order, the small object.</summary>
    public sealed record SmallOrder(int Id, string Customer, int Lines, decimal Total, DateTimeOffset PlacedAt, string Status);

    /// <summary>A post of the feed.</summary>
    public sealed record Post(long Id, string Author, string Text, DateTimeOffset CreatedAt, int Likes, bool Pinned, string[] Tags);

    private static class Feed
    {
        public static List<Post> Create(int count)
        {
            var posts = new List<Post>(count);
            for (int i = 0; i < count; i++)
            {
                posts.Add(new Post(
                    1_000_000_000L + i,
                    "author" + (i % 17),
                    $"Post number {i}: a short status of about two hundred characters, as the feeds a client scrolls carry them, with some words and a link https://example.org/{i}.",
                    new DateTimeOffset(2026, 11, 27, 9, 0, 0, TimeSpan.Zero).AddMinutes(i),
                    i * 7 % 500,
                    i % 10 == 0,
                    ["dotnet", "aspnetcore", "tag" + (i % 5)]));
            }

            return posts;
        }
    }
}
