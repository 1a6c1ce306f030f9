using System.Collections.Concurrent;
using FastFormatters.Benchmarks.Http.Data;
using FastFormatters.Benchmarks.Http.Models;
using FastFormatters.Benchmarks.Models;
using FastFormatters.Samples.WebApi.Models;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Mvc.Abstractions;
using Microsoft.AspNetCore.Routing;

namespace FastFormatters.Benchmarks.Http.Prebaked;

/// <summary>The endpoints the prebaked mode answers from its cache.</summary>
public enum PrebakedEndpoint
{
    Statuses,
    Book,
    Ticker,
    Citm,
}

/// <summary>
/// The responses of the prebaked mode. Each is made once per endpoint, feed length and <c>Accept</c> header by running
/// the value the <c>fast</c> action returns through this app's own MVC result pipeline (FastFormatters registered
/// exactly as in <c>fast</c>) into memory, then kept: status, headers and body bytes. Later requests only copy them
/// out, so the mode measures routing, MVC and Kestrel without serializing.
/// </summary>
public sealed class PrebakedResponses(IServiceProvider services, HarnessData data, CitmCatalogSource citm)
{
    /// <summary>How many responses are kept; past that, responses are rendered per request and not kept.</summary>
    public const int MaxEntries = 256;

    /// <summary>The <c>Accept</c> headers made at startup: the three formats, and none at all.</summary>
    public static IReadOnlyList<string> StartupAccepts { get; } = ["application/json", "application/x-msgpack", "application/jsonc", ""];

    /// <summary>The feed length made at startup, the one the benchmark script asks for.</summary>
    public const int StartupCount = 100;

    private readonly ConcurrentDictionary<(PrebakedEndpoint Endpoint, int Count, string Accept), CachedResponse> _cache = new();

    /// <summary>Number of responses kept.</summary>
    public int Count => _cache.Count;

    /// <summary>The response for this request: the cached one, or one that renders it (and keeps it) on the way out.</summary>
    public IActionResult Get(HttpContext httpContext, PrebakedEndpoint endpoint, int count)
    {
        var key = (endpoint, count, httpContext.Request.Headers.Accept.ToString());
        return _cache.TryGetValue(key, out var cached) ? cached : new RenderingResult(this, key);
    }

    /// <summary>Makes the responses the benchmark script asks for, so no measured request renders one.</summary>
    public async Task PrecomputeAsync()
    {
        foreach (var accept in StartupAccepts)
        {
            await GetOrRenderAsync((PrebakedEndpoint.Statuses, StartupCount, accept));
            await GetOrRenderAsync((PrebakedEndpoint.Book, 0, accept));
            await GetOrRenderAsync((PrebakedEndpoint.Ticker, 0, accept));
            if (citm.Catalog is not null)
            {
                await GetOrRenderAsync((PrebakedEndpoint.Citm, 0, accept));
            }
        }
    }

    private async Task<CachedResponse> GetOrRenderAsync((PrebakedEndpoint Endpoint, int Count, string Accept) key)
    {
        if (_cache.TryGetValue(key, out var cached))
        {
            return cached;
        }

        var rendered = await RenderAsync(key.Endpoint, key.Count, key.Accept);
        return _cache.Count < MaxEntries ? _cache.GetOrAdd(key, rendered) : rendered;
    }

    // The value and declared type of the fast action (SerializingController), executed as MVC executes an action's
    // return value: an ObjectResult, negotiated and written by the registered formatters.
    private async Task<CachedResponse> RenderAsync(PrebakedEndpoint endpoint, int count, string accept)
    {
        (object value, Type declaredType) = endpoint switch
        {
            PrebakedEndpoint.Statuses => ((object)data.Statuses(count), typeof(List<Status>)),
            PrebakedEndpoint.Book => (data.Book, typeof(Book)),
            PrebakedEndpoint.Ticker => (TickerSummary.Of(data.Ticker), typeof(TickerSummary)),
            PrebakedEndpoint.Citm => (citm.Catalog ?? throw new InvalidOperationException("The CITM catalog is not loaded."), typeof(CitmCatalog)),
            _ => throw new ArgumentOutOfRangeException(nameof(endpoint)),
        };

        await using var scope = services.CreateAsyncScope();
        var httpContext = new DefaultHttpContext { RequestServices = scope.ServiceProvider };
        httpContext.Request.Method = endpoint == PrebakedEndpoint.Ticker ? HttpMethods.Post : HttpMethods.Get;
        if (accept.Length > 0)
        {
            httpContext.Request.Headers.Accept = accept;
        }

        using var body = new MemoryStream();
        httpContext.Response.Body = body;
        var actionContext = new ActionContext(httpContext, new RouteData(), new ActionDescriptor());
        await new ObjectResult(value) { DeclaredType = declaredType }.ExecuteResultAsync(actionContext);
        await httpContext.Response.CompleteAsync();

        var headers = httpContext.Response.Headers
            .Where(header => !string.Equals(header.Key, "Content-Length", StringComparison.OrdinalIgnoreCase))
            .ToArray();
        return new CachedResponse(httpContext.Response.StatusCode, headers, body.ToArray());
    }

    private sealed class RenderingResult(PrebakedResponses owner, (PrebakedEndpoint, int, string) key) : IActionResult
    {
        public async Task ExecuteResultAsync(ActionContext context)
        {
            var response = await owner.GetOrRenderAsync(key);
            await response.ExecuteResultAsync(context);
        }
    }
}
