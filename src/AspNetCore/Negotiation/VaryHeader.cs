using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.Primitives;
using Microsoft.Net.Http.Headers;

namespace FastFormatters.Negotiation;

/// <summary>Adds <c>Vary: Accept</c> to negotiated responses, so caches keep one entry per format.</summary>
internal static class VaryHeader
{
    /// <summary>Adds <c>Accept</c> to the response's <c>Vary</c> header unless it, or <c>*</c>, is already there.</summary>
    public static void AddAccept(IHeaderDictionary headers)
    {
        ArgumentNullException.ThrowIfNull(headers);
        var vary = headers.Vary;
        foreach (var value in vary)
        {
            foreach (var token in (value ?? string.Empty).Split(','))
            {
                var name = token.AsSpan().Trim(" \t");
                if (name.Equals(HeaderNames.Accept, StringComparison.OrdinalIgnoreCase) || name.SequenceEqual("*"))
                {
                    return;
                }
            }
        }

        headers.Vary = StringValues.Concat(vary, HeaderNames.Accept);
    }
}
