using FastFormatters.HttpResults;
using FastFormatters;

namespace Microsoft.AspNetCore.Builder;

/// <summary>Negotiates the formats of minimal-API endpoints whose handlers are written the plain way.</summary>
public static class FastFormattersEndpointConventionBuilderExtensions
{
    /// <summary>
    /// Writes what the handlers of these endpoints return in the format each request negotiates, and reads their body
    /// parameters in every FastFormatters format, without changing the handlers. Apply it to a route group
    /// (<c>app.MapGroup("").WithContentNegotiation()</c>) or to one endpoint.
    /// </summary>
    /// <remarks>
    /// <para>
    /// A returned value, and the value of <c>Ok&lt;T&gt;</c>, <c>Created&lt;T&gt;</c>, <c>CreatedAtRoute&lt;T&gt;</c>,
    /// <c>Accepted&lt;T&gt;</c>, <c>AcceptedAtRoute&lt;T&gt;</c>, <c>JsonHttpResult&lt;T&gt;</c> and any other result that
    /// carries one (inside a <c>Results&lt;…&gt;</c> union too), is written as <see cref="Negotiated{TValue}"/> writes it,
    /// with the result's status code and <c>Location</c>. Problems stay <c>application/problem+json</c>; strings
    /// (<c>text/plain</c>), results without a value, a <c>JsonHttpResult&lt;T&gt;</c> given its own serializer options or
    /// content type, a <c>null</c> value, and a value some format cannot write are written by ASP.NET Core as before.
    /// </para>
    /// <para>
    /// A body parameter (<c>[FromBody] T</c> or inferred) is bound by ASP.NET Core from JSON as before. A MessagePack,
    /// JMC1 or <c>text/json</c> body is read by FastFormatters with the limits and 400/413/415 problems of
    /// <see cref="NegotiatedBody{T}"/>, and the handler receives the value read. The endpoint's metadata lists every
    /// format; API descriptions (OpenAPI) leave MessagePack's media types to the FastFormatters OpenAPI packages.
    /// </para>
    /// </remarks>
    /// <param name="builder">A route group, or one endpoint.</param>
    /// <typeparam name="TBuilder">The type of the convention builder.</typeparam>
    /// <returns><paramref name="builder"/>.</returns>
    public static TBuilder WithContentNegotiation<TBuilder>(this TBuilder builder)
        where TBuilder : IEndpointConventionBuilder
    {
        ArgumentNullException.ThrowIfNull(builder);
        builder.Add(NegotiatedEndpoint.AddFilter);
        builder.Finally(NegotiatedEndpoint.Complete);
        return builder;
    }
}
