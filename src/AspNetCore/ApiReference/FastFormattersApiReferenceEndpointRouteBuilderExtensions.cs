using System.Security.Cryptography;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Routing;
using Microsoft.Net.Http.Headers;

namespace Microsoft.AspNetCore.Builder;

/// <summary>Maps the browser script that lets Swagger UI, Scalar and other API explorers show every FastFormatters format.</summary>
public static class FastFormattersApiReferenceEndpointRouteBuilderExtensions
{
    private const string ResourceName = "FastFormatters.ApiReference.fastformatters-api-reference.js";

    private static readonly Lazy<(byte[] Script, string ETag)> s_script = new(() =>
    {
        using var stream = typeof(FastFormattersApiReferenceEndpointRouteBuilderExtensions).Assembly.GetManifestResourceStream(ResourceName)
            ?? throw new InvalidOperationException("The API reference script resource is missing.");
        using var copy = new MemoryStream();
        stream.CopyTo(copy);
        byte[] script = copy.ToArray();
        string etag = "\"" + Convert.ToHexStringLower(SHA256.HashData(script).AsSpan(0, 16)) + "\"";
        return (script, etag);
    });

    /// <summary>
    /// Maps <c>GET {pattern}</c> to a small self-contained browser script. Loaded in an API explorer page (for example
    /// with Swashbuckle's <c>InjectJavascript</c> or Scalar's <c>AddHeadContent</c>), it wraps <c>window.fetch</c> so
    /// that <c>application/jsonc</c> (JMC1) and MessagePack responses reach the UI as text: a note naming the original
    /// media type and size, then the value as indented JSON (MessagePack decoded in the browser; LZ4-compressed
    /// MessagePack is named, not decompressed). Other responses pass through untouched. The original media type stays in
    /// the <c>X-FastFormatters-Original-Content-Type</c> response header the UI shows.
    /// </summary>
    /// <remarks>
    /// The script is the same for every request: it is served with a strong <c>ETag</c> and <c>Cache-Control: no-cache</c>,
    /// so browsers revalidate and get <c>304 Not Modified</c> until the library changes. The endpoint is excluded from
    /// the API description.
    /// </remarks>
    /// <param name="endpoints">The endpoint route builder.</param>
    /// <param name="pattern">The script's path; <c>/_formatters/api-reference.js</c> by default.</param>
    /// <returns>The endpoint, to add conventions such as authorization.</returns>
    public static IEndpointConventionBuilder MapFastFormattersApiReferenceScript(
        this IEndpointRouteBuilder endpoints, string pattern = "/_formatters/api-reference.js")
    {
        ArgumentNullException.ThrowIfNull(endpoints);
        ArgumentException.ThrowIfNullOrEmpty(pattern);
        // A RequestDelegate, not a handler with parameters: no binding code is made for it, so trimmed and Native AOT apps can map it.
        return endpoints.MapGet(pattern, static httpContext =>
        {
            var (script, etag) = s_script.Value;
            var headers = httpContext.Response.Headers;
            headers.ETag = etag;
            headers.CacheControl = "no-cache";
            headers.XContentTypeOptions = "nosniff";
            if (httpContext.Request.GetTypedHeaders().IfNoneMatch is { Count: > 0 } ifNoneMatch
                && ifNoneMatch.Any(tag => tag.Equals(EntityTagHeaderValue.Any) || tag.Compare(new EntityTagHeaderValue(etag), useStrongComparison: false)))
            {
                httpContext.Response.StatusCode = StatusCodes.Status304NotModified;
                return Task.CompletedTask;
            }

            return Results.Bytes(script, "text/javascript; charset=utf-8").ExecuteAsync(httpContext);
        }).ExcludeFromDescription();
    }
}
