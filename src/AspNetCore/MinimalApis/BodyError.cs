namespace FastFormatters;

/// <summary>Why a <see cref="NegotiatedBody{T}"/> could not be read.</summary>
public sealed class BodyError
{
    internal BodyError(int statusCode, string detail, string? path)
    {
        StatusCode = statusCode;
        Detail = detail;
        Path = path;
    }

    /// <summary>
    /// 400 for a body that is not valid, 415 for a content type that is not supported, or the server's status for a body
    /// it could not receive whole (413 over a size limit, 408 too slow, 400 cut short).
    /// </summary>
    public int StatusCode { get; }

    /// <summary>What is wrong, for the client.</summary>
    public string Detail { get; }

    /// <summary>
    /// The JSON path of the offending value for a 400 (<c>$</c> for the root, empty for a missing body); null when the body
    /// was not parsed.
    /// </summary>
    public string? Path { get; }

    /// <inheritdoc />
    public override string ToString() => $"{StatusCode} at {Path ?? "(not parsed)"}: {Detail}";
}
