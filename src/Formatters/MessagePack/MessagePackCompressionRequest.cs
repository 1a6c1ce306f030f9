using FastFormatters.Negotiation;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.Primitives;
using Microsoft.Net.Http.Headers;

namespace FastFormatters.MessagePack;

/// <summary>
/// How a request asks for an LZ4-compressed MessagePack response: the <c>compression</c> parameter on the MessagePack
/// media type it accepts, named as MessagePack-CSharp names its modes (<c>Accept: application/x-msgpack;
/// compression=lz4blockarray</c>, or <c>lz4block</c>, or <c>none</c>). The response's <c>Content-Type</c> carries the
/// same parameter. With the default server-wide setting (<see cref="MessagePackOptions.Compression"/> = none) only a
/// client that asks gets a compressed body, since only MessagePack-CSharp clients with compression on can read one;
/// like MessagePack-CSharp, a payload under 64 bytes is sent plain even then.
/// </summary>
public static class MessagePackCompressionRequest
{
    /// <summary>The media-type parameter: <c>compression</c>.</summary>
    public const string ParameterName = "compression";

    /// <summary>
    /// The compressed response types a client can ask for, as OpenAPI lists them beside the plain MessagePack types:
    /// <c>application/x-msgpack; compression=lz4blockarray</c> and <c>…; compression=lz4block</c>.
    /// </summary>
    public static IReadOnlyList<string> CompressedMediaTypes { get; } =
    [
        $"{MessagePackFormat.Definition.CanonicalMediaType}; {ParameterName}=lz4blockarray",
        $"{MessagePackFormat.Definition.CanonicalMediaType}; {ParameterName}=lz4block",
    ];

    /// <summary>The parameter's value for <paramref name="compression"/>: <c>none</c>, <c>lz4blockarray</c> or <c>lz4block</c>.</summary>
    public static string ToParameterValue(MessagePackCompression compression) => compression switch
    {
        MessagePackCompression.None => "none",
        MessagePackCompression.Lz4BlockArray => "lz4blockarray",
        MessagePackCompression.Lz4Block => "lz4block",
        _ => throw new ArgumentOutOfRangeException(nameof(compression)),
    };

    /// <summary>The compression the request's <c>Accept</c> header asks for on a MessagePack media type, if any.</summary>
    public static MessagePackCompression? Read(HttpRequest request)
    {
        ArgumentNullException.ThrowIfNull(request);
        var accept = request.Headers.Accept;

        // Nearly every request names no parameter at all: a substring check spares parsing the header.
        if (!Mentions(accept) || !MediaTypeHeaderValue.TryParseList(accept, out var ranges))
        {
            return null;
        }

        foreach (var range in ranges)
        {
            if (range.Quality is 0 || !IsMessagePack(range.MediaType))
            {
                continue;
            }

            foreach (var parameter in range.Parameters)
            {
                if (parameter.Name.Equals(ParameterName, StringComparison.OrdinalIgnoreCase) && Parse(parameter.Value) is { } compression)
                {
                    return compression;
                }
            }
        }

        return null;
    }

    private static bool Mentions(StringValues accept)
    {
        foreach (var value in accept)
        {
            if (value is not null && value.Contains(ParameterName, StringComparison.OrdinalIgnoreCase))
            {
                return true;
            }
        }

        return false;
    }

    private static bool IsMessagePack(StringSegment mediaType)
    {
        foreach (var candidate in MessagePackFormat.Definition.MediaTypes)
        {
            if (mediaType.Equals(candidate, StringComparison.OrdinalIgnoreCase))
            {
                return true;
            }
        }

        return false;
    }

    private static MessagePackCompression? Parse(StringSegment value)
    {
        var text = HeaderUtilities.RemoveQuotes(value);
        return text.Equals("lz4blockarray", StringComparison.OrdinalIgnoreCase) ? MessagePackCompression.Lz4BlockArray
            : text.Equals("lz4block", StringComparison.OrdinalIgnoreCase) ? MessagePackCompression.Lz4Block
            : text.Equals("none", StringComparison.OrdinalIgnoreCase) ? MessagePackCompression.None
            : null;
    }
}
