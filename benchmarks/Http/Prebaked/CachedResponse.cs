using Microsoft.AspNetCore.Mvc;
using Microsoft.Extensions.Primitives;

namespace FastFormatters.Benchmarks.Http.Prebaked;

/// <summary>A response kept as bytes: written with its status, headers and <c>Content-Length</c>, then flushed.</summary>
public sealed class CachedResponse(int statusCode, KeyValuePair<string, StringValues>[] headers, byte[] body) : IActionResult
{
    /// <summary>The status code.</summary>
    public int StatusCode => statusCode;

    /// <summary>The response headers other than <c>Content-Length</c> (Content-Type, Vary).</summary>
    public IReadOnlyList<KeyValuePair<string, StringValues>> Headers => headers;

    /// <summary>The body.</summary>
    public ReadOnlyMemory<byte> Body => body;

    /// <inheritdoc />
    public async Task ExecuteResultAsync(ActionContext context)
    {
        ArgumentNullException.ThrowIfNull(context);
        var response = context.HttpContext.Response;
        response.StatusCode = statusCode;
        foreach (var (name, value) in headers)
        {
            response.Headers[name] = value;
        }

        response.ContentLength = body.Length;
        await response.BodyWriter.WriteAsync(body, context.HttpContext.RequestAborted);
    }
}
