using FastFormatters.HttpResults;

namespace FastFormatters;

/// <summary>Creates minimal-API results that are written in the format each client asks for.</summary>
public static class FastResults
{
    /// <summary>
    /// A result whose body is <paramref name="value"/> in the format the request negotiates (by <c>Accept</c>, or the
    /// <c>?format=</c> override when enabled), by the same rules and writers as the MVC formatters.
    /// </summary>
    /// <param name="value">The response body.</param>
    /// <param name="statusCode">The status code, 200 by default.</param>
    public static Negotiated<TValue> Negotiated<TValue>(TValue value, int statusCode = 200) => new(value, statusCode);

    /// <summary>
    /// A 201 Created result whose body is <paramref name="value"/> in the negotiated format, with
    /// <paramref name="location"/> as its <c>Location</c> header. Unlike <c>Negotiated(value, 201)</c>, its endpoint
    /// metadata declares 201 for OpenAPI.
    /// </summary>
    /// <param name="location">The URI of the created resource, or null for no <c>Location</c> header.</param>
    /// <param name="value">The created value.</param>
    /// <typeparam name="TValue">The type of the created value.</typeparam>
    public static NegotiatedCreated<TValue> Created<TValue>(string? location, TValue value) => new(location, value);
}
