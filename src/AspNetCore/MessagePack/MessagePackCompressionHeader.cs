using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.Primitives;
using Microsoft.Net.Http.Headers;

namespace FastFormatters.MessagePack;

/// <summary>Reads the <see cref="MessagePackCompressionRequest.ParameterName"/> parameter a request's <c>Accept</c> header puts on a MessagePack media type.</summary>
internal static class MessagePackCompressionHeader
{
    /// <summary>The compression the request's <c>Accept</c> header asks for on a MessagePack media type, if any.</summary>
    public static MessagePackCompressionMode? Read(HttpRequest request)
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
                if (parameter.Name.Equals(MessagePackCompressionRequest.ParameterName, StringComparison.OrdinalIgnoreCase) && ParseParameterValue(parameter.Value.AsSpan()) is { } compression)
                {
                    return compression;
                }
            }
        }

        return null;
    }

    /// <summary>The compression a parameter value names (quotes removed, any case), or null when it names none.</summary>
    private static MessagePackCompressionMode? ParseParameterValue(ReadOnlySpan<char> value)
    {
        if (value is ['"', .. var inner, '"'])
        {
            value = inner;
        }

        foreach (var compression in Enum.GetValues<MessagePackCompressionMode>())
        {
            if (value.Equals(MessagePackCompressionRequest.ToParameterValue(compression), StringComparison.OrdinalIgnoreCase))
            {
                return compression;
            }
        }

        return null;
    }

    private static bool Mentions(StringValues accept)
    {
        foreach (var value in accept)
        {
            if (value is not null && value.Contains(MessagePackCompressionRequest.ParameterName, StringComparison.OrdinalIgnoreCase))
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
}
