using System.Diagnostics;
using FastFormatters.Buffers;
using FastFormatters.Diagnostics;
using FastFormatters.Serialization;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.WebUtilities;

namespace FastFormatters.Mvc;

/// <summary>Writes a problem as <c>application/problem+json</c> (RFC 9457), whatever format the client asked for.</summary>
internal static class ProblemJsonResponse
{
    /// <summary>Fills in what a problem left out, as ASP.NET Core's writers do: status, title and trace id.</summary>
    public static void ApplyDefaults(HttpContext httpContext, ProblemDetails problem, int status)
    {
        problem.Status ??= status;
        problem.Title ??= ReasonPhrases.GetReasonPhrase(problem.Status.Value);
        problem.Extensions.TryAdd("traceId", Activity.Current?.Id ?? httpContext.TraceIdentifier);
    }

    public static Task WriteAsync(HttpContext httpContext, IFormatSerializer json, ProblemDetails problem, int flushThreshold, FormatterMetrics? metrics)
    {
        var response = httpContext.Response;
        response.StatusCode = problem.Status ?? response.StatusCode;
        response.ContentType = "application/problem+json; charset=utf-8";
        return ResponseBodyWriter.WriteAsync(httpContext, json, problem, problem.GetType(), flushThreshold, metrics);
    }
}
