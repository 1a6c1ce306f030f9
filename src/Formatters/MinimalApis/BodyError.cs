namespace FastFormatters;

/// <summary>Why a <see cref="NegotiatedBody{T}"/> could not be read.</summary>
/// <param name="StatusCode">400 or 415.</param>
/// <param name="Detail">What is wrong, for the client.</param>
/// <param name="Path">The JSON path of the offending value for a 400 (<c>$</c> for the root, empty for a missing body); null for a 415.</param>
public sealed record BodyError(int StatusCode, string Detail, string? Path);
