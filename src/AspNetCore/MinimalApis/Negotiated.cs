using System.Reflection;
using FastFormatters.Buffers;
using FastFormatters.Diagnostics;
using FastFormatters.Mvc;
using FastFormatters.Negotiation;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.Metadata;
using Microsoft.AspNetCore.Mvc;
using Microsoft.Extensions.DependencyInjection;

namespace FastFormatters;

/// <summary>
/// A minimal-API result written in the negotiated format. It adds <c>Vary: Accept</c>, answers with the media type
/// alias the client named, and, when <see cref="FastFormattersOptions.ReturnHttpNotAcceptable"/> is on and nothing
/// acceptable exists, 406 with a problem body. A <see cref="ProblemDetails"/> value is always
/// <c>application/problem+json</c>, with its status (else this result's) and a trace id. Its endpoint metadata lists every response media type for OpenAPI.
/// </summary>
/// <typeparam name="TValue">The type of the body.</typeparam>
public sealed class Negotiated<TValue> : IResult, IEndpointMetadataProvider, IStatusCodeHttpResult, IValueHttpResult, IValueHttpResult<TValue>
{
    internal Negotiated(TValue value, int statusCode, bool recorded = true)
    {
        Value = value;
        StatusCode = statusCode;
        _recorded = recorded;
    }

    // The diagnostics endpoint's own responses are not counted in the figures they report.
    private readonly bool _recorded;

    /// <summary>The response body.</summary>
    public TValue Value { get; }

    /// <summary>The status code.</summary>
    public int StatusCode { get; }

    int? IStatusCodeHttpResult.StatusCode => StatusCode;

    object? IValueHttpResult.Value => Value;

    /// <inheritdoc />
    /// <remarks>Not itself async: it hands back the writer's task, so a response that waits for the client allocates one state machine.</remarks>
    public Task ExecuteAsync(HttpContext httpContext)
    {
        ArgumentNullException.ThrowIfNull(httpContext);
        var services = httpContext.RequestServices.GetRequiredService<FormatServices>();
        var metrics = _recorded ? services.Metrics : null;
        if (Value is ProblemDetails problem)
        {
            // A problem is application/problem+json (RFC 9457) whatever the client accepts, as ASP.NET Core writes them.
            VaryHeader.AddAccept(httpContext.Response.Headers);
            ProblemJsonResponse.ApplyDefaults(httpContext, problem, StatusCode);
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
        response.StatusCode = StatusCode;
        response.ContentType = services.ContentTypeOf(choice.Candidate);
        return ResponseBodyWriter.WriteAsync(httpContext, services.ForCandidate(choice.Candidate), Value, typeof(TValue), services.ResponseFlushThreshold, metrics);
    }

    /// <inheritdoc />
    public static void PopulateMetadata(MethodInfo method, EndpointBuilder builder)
    {
        ArgumentNullException.ThrowIfNull(builder);
        builder.Metadata.Add(new ProducesResponseTypeMetadata(StatusCodes.Status200OK, typeof(TValue), FastFormats.ResponseMediaTypes));
        EndpointContracts.Check(typeof(TValue), reading: false, builder);
    }
}
