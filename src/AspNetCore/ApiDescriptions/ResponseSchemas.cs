using System.Text.Json.Nodes;

namespace FastFormatters.ApiDescriptions;

/// <summary>What one response of an operation carries, per media type, as FastFormatters writes it.</summary>
public sealed class ResponseSchemas
{
    internal ResponseSchemas(int statusCode, string description, IReadOnlyDictionary<string, JsonObject> content, bool isProblem)
    {
        StatusCode = statusCode;
        Description = description;
        Content = content;
        IsProblem = isProblem;
    }

    /// <summary>The HTTP status code.</summary>
    public int StatusCode { get; }

    /// <summary>A description for a response the API description did not declare.</summary>
    public string Description { get; }

    /// <summary>The JSON Schema of the body under each media type; references point into <see cref="OperationSchemas.Definitions"/>.</summary>
    public IReadOnlyDictionary<string, JsonObject> Content { get; }

    /// <summary>
    /// Whether the body is a problem (RFC 9457), which is <c>application/problem+json</c> whatever the request asked
    /// for: <see cref="Content"/> is then the response's whole content, replacing other media types declared for it.
    /// </summary>
    public bool IsProblem { get; }
}
