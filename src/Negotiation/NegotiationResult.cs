namespace FastFormatters.Negotiation;

/// <summary>The format and media type chosen for a response.</summary>
/// <param name="Format">The chosen format; <see langword="null"/> when <see cref="Outcome"/> is <see cref="NegotiationOutcome.NotAcceptable"/>.</param>
/// <param name="MediaType">The media type to answer with: the alias the client asked for when several name the format.</param>
/// <param name="Outcome">How the choice was made.</param>
internal readonly record struct NegotiationResult(FormatDefinition? Format, string? MediaType, NegotiationOutcome Outcome);
