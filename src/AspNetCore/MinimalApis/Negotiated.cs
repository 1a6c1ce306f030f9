using System.Reflection;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.Metadata;
using Microsoft.AspNetCore.Mvc;

namespace FastFormatters.HttpResults;

/// <summary>
/// A minimal-API result written in the negotiated format. It adds <c>Vary: Accept</c>, answers with the media type
/// alias the client named, and, when <see cref="FastFormattersOptions.ReturnHttpNotAcceptable"/> is on and nothing
/// acceptable exists, 406 with a problem body. A <see cref="ProblemDetails"/> value is always
/// <c>application/problem+json</c>, with its status (else this result's) and a trace id. Its endpoint metadata lists every response media type for OpenAPI.
/// </summary>
/// <typeparam name="TValue">The type of the body.</typeparam>
public sealed class Negotiated<TValue> : IResult, IEndpointMetadataProvider, IStatusCodeHttpResult, IValueHttpResult, IValueHttpResult<TValue>, INegotiatedResult
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
    public Task ExecuteAsync(HttpContext httpContext) => NegotiatedResponse.WriteAsync(httpContext, Value, typeof(TValue), StatusCode, _recorded);

    /// <inheritdoc />
    public static void PopulateMetadata(MethodInfo method, EndpointBuilder builder)
    {
        ArgumentNullException.ThrowIfNull(builder);
        builder.Metadata.Add(new ProducesResponseTypeMetadata(StatusCodes.Status200OK, typeof(TValue), FastFormats.ResponseMediaTypesOf(builder.ApplicationServices)));
        EndpointContracts.Check(typeof(TValue), reading: false, builder);
    }
}
