namespace FastFormatters.Negotiation;

/// <summary>How a format was chosen for a response.</summary>
internal enum NegotiationOutcome
{
    /// <summary>The client's <c>Accept</c> header chose it.</summary>
    Negotiated,

    /// <summary>No (or an unparsable) <c>Accept</c> header: the default format.</summary>
    Default,

    /// <summary>Nothing the client accepts can be produced.</summary>
    NotAcceptable,
}
