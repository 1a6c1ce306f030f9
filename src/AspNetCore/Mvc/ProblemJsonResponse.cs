using System.Diagnostics;
using FastFormatters.Buffers;
using FastFormatters.Diagnostics;
using FastFormatters.Serialization;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.WebUtilities;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Options;

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

    public static Task WriteAsync(HttpContext httpContext, FormatSerializer json, ProblemDetails problem, int flushThreshold, FormatterMetrics? metrics)
    {
        var response = httpContext.Response;
        response.StatusCode = problem.Status ?? response.StatusCode;
        response.ContentType = "application/problem+json; charset=utf-8";
        if (!ReflectionAvailability.IsEnabled)
        {
            // Where reflection is off these converters cannot reach a problem's members; System.Text.Json's contract for
            // it (ASP.NET Core's, which AddProblemDetails adds to the app's JsonOptions) writes what ASP.NET Core itself
            // answers JSON clients.
            var options = httpContext.RequestServices.GetRequiredService<IOptions<Microsoft.AspNetCore.Http.Json.JsonOptions>>().Value.SerializerOptions;
            return response.WriteAsJsonAsync(problem, options.GetTypeInfo(problem.GetType()), response.ContentType, httpContext.RequestAborted);
        }

        return ResponseBodyWriter.WriteAsync(httpContext, json, problem, problem.GetType(), flushThreshold, metrics);
    }
}
