using System.Reflection;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.Metadata;

namespace FastFormatters.HttpResults;

/// <summary>
/// A minimal-API 201 Created result: the created value written as <see cref="Negotiated{TValue}"/> writes it, with a
/// <c>Location</c> header. Its endpoint metadata declares 201, so OpenAPI documents the status the endpoint answers.
/// </summary>
/// <typeparam name="TValue">The type of the created value.</typeparam>
public sealed class NegotiatedCreated<TValue> : IResult, IEndpointMetadataProvider, IStatusCodeHttpResult, IValueHttpResult, IValueHttpResult<TValue>, INegotiatedResult
{
    private readonly Negotiated<TValue> _body;

    internal NegotiatedCreated(string? location, TValue value)
    {
        Location = location;
        _body = new Negotiated<TValue>(value, StatusCodes.Status201Created);
    }

    /// <summary>The URI of the created resource, sent as the <c>Location</c> header; null sends none.</summary>
    public string? Location { get; }

    /// <summary>The created value.</summary>
    public TValue Value => _body.Value;

    /// <summary>201.</summary>
    public int StatusCode => StatusCodes.Status201Created;

    int? IStatusCodeHttpResult.StatusCode => StatusCode;

    object? IValueHttpResult.Value => Value;

    /// <inheritdoc />
    public Task ExecuteAsync(HttpContext httpContext)
    {
        ArgumentNullException.ThrowIfNull(httpContext);
        if (Location is not null)
        {
            // A 406 instead (nothing acceptable) takes it away again: nothing was created for that client to follow.
            httpContext.Response.Headers.Location = Location;
        }

        return _body.ExecuteAsync(httpContext);
    }

    /// <inheritdoc />
    public static void PopulateMetadata(MethodInfo method, EndpointBuilder builder)
    {
        ArgumentNullException.ThrowIfNull(builder);
        builder.Metadata.Add(new ProducesResponseTypeMetadata(StatusCodes.Status201Created, typeof(TValue), FastFormats.ResponseMediaTypesOf(builder.ApplicationServices)));
        EndpointContracts.Check(typeof(TValue), reading: false, builder);
    }
}
