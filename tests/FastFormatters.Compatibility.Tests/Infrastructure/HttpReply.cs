using System.Net.Http.Headers;
using System.Text;

namespace FastFormatters.Compatibility.Tests.Infrastructure;

/// <summary>A response read whole, with what assertion messages need to say what went wrong.</summary>
public sealed record HttpReply(int Status, string? ContentType, byte[] Body)
{
    /// <summary>The media type of <see cref="ContentType"/> without parameters.</summary>
    public string? MediaType => ContentType is null ? null : MediaTypeHeaderValue.Parse(ContentType).MediaType;

    /// <summary>The value of the <c>compression</c> parameter of <see cref="ContentType"/>, or null without one.</summary>
    public string? CompressionParameter => ContentType is null
        ? null
        : MediaTypeHeaderValue.Parse(ContentType).Parameters.FirstOrDefault(p => p.Name.Equals("compression", StringComparison.OrdinalIgnoreCase))?.Value;

    /// <summary>Status, content type and the start of the body (text for problem details, else hex).</summary>
    public override string ToString()
    {
        bool text = ContentType is not null && (ContentType.Contains("json", StringComparison.OrdinalIgnoreCase) || ContentType.StartsWith("text/", StringComparison.OrdinalIgnoreCase));
        string body = text ? Encoding.UTF8.GetString(Body) : Hex.Of(Body);
        return $"{Status} {ContentType ?? "(no content type)"}: {(body.Length > 600 ? body[..600] + "…" : body)}";
    }
}
