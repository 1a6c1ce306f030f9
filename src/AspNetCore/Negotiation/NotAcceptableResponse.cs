using FastFormatters.Diagnostics;
using FastFormatters.Mvc;
using FastFormatters.Serialization;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Mvc.Infrastructure;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Net.Http.Headers;

namespace FastFormatters.Negotiation;

/// <summary>
/// Writes 406 Not Acceptable with a problem body listing the media types the response could have had, for MVC and
/// minimal APIs alike. The body is problem+json: nothing the client asked for is available, and every client can read it.
/// </summary>
internal static class NotAcceptableResponse
{
    public static Task WriteAsync(HttpContext httpContext, FormatSerializer json, string[] supported, int flushThreshold, FormatterMetrics metrics)
    {
        metrics.RecordNegotiation(NegotiationRecord.NotAcceptable);
        string detail = "None of the media types in the Accept header can be produced. Supported: " + string.Join(", ", supported) + ".";
        var problem = httpContext.RequestServices.GetService<ProblemDetailsFactory>()?.CreateProblemDetails(
                httpContext, StatusCodes.Status406NotAcceptable, detail: detail)
            ?? new ProblemDetails { Type = "https://tools.ietf.org/html/rfc9110#section-15.5.7", Detail = detail };
        ProblemJsonResponse.ApplyDefaults(httpContext, problem, StatusCodes.Status406NotAcceptable);
        problem.Extensions["supportedMediaTypes"] = supported;

        httpContext.Response.Headers.Remove(HeaderNames.Location);
        return ProblemJsonResponse.WriteAsync(httpContext, json, problem, flushThreshold, metrics);
    }
}
