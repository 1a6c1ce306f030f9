namespace FastFormatters.Diagnostics;

/// <summary>How response formats were chosen, and the requests no format could serve.</summary>
public sealed class NegotiationStatistics
{
    /// <summary>Responses whose format the client's <c>Accept</c> (or <c>?format=</c>) chose.</summary>
    public long Negotiated { get; init; }

    /// <summary>Responses in the default format because the request stated no usable preference.</summary>
    public long Default { get; init; }

    /// <summary>Responses in the default format although nothing the client accepts was available (406 off, or an error response).</summary>
    public long FellBackToDefault { get; init; }

    /// <summary>406 Not Acceptable responses.</summary>
    public long NotAcceptable { get; init; }

    /// <summary>415 Unsupported Media Type responses to request bodies.</summary>
    public long UnsupportedMediaType { get; init; }
}
