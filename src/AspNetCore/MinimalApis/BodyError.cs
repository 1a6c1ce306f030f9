namespace FastFormatters;

/// <summary>Why a <see cref="NegotiatedBody{T}"/> could not be read.</summary>
/// <param name="StatusCode">
/// 400 for a body that is not valid, 415 for a content type that is not supported, or the server's status for a body it
/// could not receive whole (413 over a size limit, 408 too slow, 400 cut short).
/// </param>
/// <param name="Detail">What is wrong, for the client.</param>
/// <param name="Path">The JSON path of the offending value for a 400 (<c>$</c> for the root, empty for a missing body); null when the body was not parsed.</param>
public sealed record BodyError(int StatusCode, string Detail, string? Path);
