using FastFormatters.Buffers;
using FastFormatters.Diagnostics;
using FastFormatters.Serialization;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;

namespace FastFormatters.Mvc;

/// <summary>Writes a problem as <c>application/problem+json</c> (RFC 9457), whatever format the client asked for.</summary>
internal static class ProblemJsonResponse
{
    public static Task WriteAsync(HttpContext httpContext, IFormatSerializer json, ProblemDetails problem, int flushThreshold, FormatterMetrics? metrics)
    {
        var response = httpContext.Response;
        response.StatusCode = problem.Status ?? response.StatusCode;
        response.ContentType = "application/problem+json; charset=utf-8";
        return ResponseBodyWriter.WriteAsync(httpContext, json, problem, problem.GetType(), flushThreshold, metrics);
    }
}
