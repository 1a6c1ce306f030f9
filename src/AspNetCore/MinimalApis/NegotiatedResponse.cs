using FastFormatters.Buffers;
using FastFormatters.Mvc;
using FastFormatters.Negotiation;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;
using Microsoft.Extensions.DependencyInjection;

namespace FastFormatters;

/// <summary>
/// Writes a minimal-API response body in the negotiated format: what <see cref="HttpResults.Negotiated{TValue}"/> and the results
/// of endpoints under <see cref="Microsoft.AspNetCore.Builder.FastFormattersEndpointConventionBuilderExtensions.WithContentNegotiation{TBuilder}"/> execute.
/// </summary>
internal static class NegotiatedResponse
{
    /// <summary>
    /// Writes <paramref name="value"/>, declared as <paramref name="declaredType"/>, with <paramref name="statusCode"/>;
    /// <paramref name="recorded"/> says whether the write counts in the diagnostics figures.
    /// </summary>
    public static Task WriteAsync(HttpContext httpContext, object? value, Type declaredType, int statusCode, bool recorded = true)
    {
        ArgumentNullException.ThrowIfNull(httpContext);
        var services = httpContext.RequestServices.GetRequiredService<FormatServices>();
        var metrics = recorded ? services.Metrics : null;
        if (value is ProblemDetails problem)
        {
            // A problem is application/problem+json (RFC 9457) whatever the client accepts, as ASP.NET Core writes them.
            VaryHeader.AddAccept(httpContext.Response.Headers);
            ProblemJsonResponse.ApplyDefaults(httpContext, problem, statusCode);
            return ProblemJsonResponse.WriteAsync(httpContext, services.Json, problem, services.ResponseFlushThreshold, metrics);
        }

        // Every format can write every value (an unsupported type fails in the writer, as a server error), so the
        // check passes every candidate.
        bool any = true;
        var choice = services.Negotiation.Choose(
            httpContext, services.Candidates, ref any, static (ref bool writable, string _) => writable,
            notAcceptableAllowed: services.Negotiation.ReturnHttpNotAcceptable, metrics);
        if (choice.IsNotAcceptable)
        {
            return NotAcceptableResponse.WriteAsync(httpContext, services.Json, choice.WritableTypes!, services.ResponseFlushThreshold, services.Metrics);
        }

        var response = httpContext.Response;
        response.StatusCode = statusCode;
        response.ContentType = services.ContentTypeOf(choice.Candidate);
        return ResponseBodyWriter.WriteAsync(httpContext, services.ForCandidate(choice.Candidate), value, declaredType, services.ResponseFlushThreshold, metrics);
    }
}
