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
}
