using FastFormatters.Json;
using FastFormatters.Mvc;
using FastFormatters.Negotiation;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Options;

namespace FastFormatters;

/// <summary>
/// Writes problem details (from <c>UseExceptionHandler</c>, <c>UseStatusCodePages</c>, <c>IProblemDetailsService</c>)
/// for clients that asked for JMC1 or MessagePack, as <c>application/problem+json</c> — RFC 9457's format, and what
/// MVC answers them. ASP.NET Core's own writer serves only clients that accept JSON and leaves these an empty body.
/// </summary>
internal sealed class NegotiatedProblemDetailsWriter(IOptions<ProblemDetailsOptions> options) : IProblemDetailsWriter
{
    public bool CanWrite(ProblemDetailsContext context)
    {
        var services = context.HttpContext.RequestServices.GetRequiredService<FormatServices>();
        int preferred = services.Negotiation.Prefer(context.HttpContext.Request, services.Candidates);
        return preferred >= 0 && services.ForCandidate(preferred).Definition.Name != JsonFormat.Name;
    }

    public ValueTask WriteAsync(ProblemDetailsContext context)
    {
        var httpContext = context.HttpContext;
        var problem = context.ProblemDetails;
        ProblemJsonResponse.ApplyDefaults(httpContext, problem, httpContext.Response.StatusCode);
        options.Value.CustomizeProblemDetails?.Invoke(context);

        var services = httpContext.RequestServices.GetRequiredService<FormatServices>();
        return new ValueTask(ProblemJsonResponse.WriteAsync(httpContext, services.Json, problem, services.ResponseFlushThreshold, services.Metrics));
    }
}
