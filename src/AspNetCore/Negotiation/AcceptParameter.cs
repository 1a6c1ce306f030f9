using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.Primitives;
using Microsoft.Net.Http.Headers;

namespace FastFormatters.Negotiation;

/// <summary>
/// Reads a parameter a request's <c>Accept</c> header puts on one format's media type (<c>compression</c> on
/// MessagePack, <c>stream</c> on MessagePack and JMC1): the first acceptable range of the format that names it.
/// </summary>
internal static class AcceptParameter
{
    /// <summary>
    /// The parameter's value, quotes removed, from the first acceptable range of <paramref name="format"/> where
    /// <paramref name="isKnown"/> takes it; an empty segment when none does.
    /// </summary>
    public static StringSegment Find(HttpRequest request, FormatDefinition format, string name, Func<StringSegment, bool> isKnown)
    {
        var accept = request.Headers.Accept;

        // Nearly every request names no parameter at all: a substring check spares parsing the header.
        if (!Mentions(accept, name) || !MediaTypeHeaderValue.TryParseList(accept, out var ranges))
        {
            return StringSegment.Empty;
        }

        foreach (var range in ranges)
        {
            if (range.Quality is 0 || !IsOf(format, range.MediaType))
            {
                continue;
            }

            foreach (var parameter in range.Parameters)
            {
                if (parameter.Name.Equals(name, StringComparison.OrdinalIgnoreCase)
                    && Unquoted(parameter.Value) is var value && isKnown(value))
                {
                    return value;
                }
            }
        }

        return StringSegment.Empty;
    }

    /// <summary>Whether the request asks for a sequence response in <paramref name="format"/> streamed element by element.</summary>
    public static bool RequestsStreaming(HttpRequest request, FormatDefinition format)
        => Find(request, format, StreamedSequenceRequest.ParameterName, static value => value.Equals(StreamedSequenceRequest.ParameterValue, StringComparison.OrdinalIgnoreCase)).Length > 0;

    private static StringSegment Unquoted(StringSegment value)
        => value.Length >= 2 && value[0] == '"' && value[^1] == '"' ? value.Subsegment(1, value.Length - 2) : value;

    private static bool Mentions(StringValues accept, string name)
    {
        foreach (var value in accept)
        {
            if (value is not null && value.Contains(name, StringComparison.OrdinalIgnoreCase))
            {
                return true;
            }
        }

        return false;
    }

    private static bool IsOf(FormatDefinition format, StringSegment mediaType)
    {
        foreach (var candidate in format.MediaTypes)
        {
            if (mediaType.Equals(candidate, StringComparison.OrdinalIgnoreCase))
            {
                return true;
            }
        }

        return false;
    }
}
