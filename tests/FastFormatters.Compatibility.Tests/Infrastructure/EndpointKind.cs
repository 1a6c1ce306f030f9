namespace FastFormatters.Compatibility.Tests.Infrastructure;

/// <summary>Which of the server's two endpoint styles a request goes to.</summary>
public enum EndpointKind
{
    /// <summary><see cref="RoundTripController{T}"/>: <c>[FromBody] T</c> in, <c>ActionResult&lt;T&gt;</c> out.</summary>
    Mvc,

    /// <summary><see cref="MinimalRoundTripEndpoints"/>: <c>NegotiatedBody&lt;T&gt;</c> in, <c>FastResults.Negotiated</c> out.</summary>
    Minimal,
}
