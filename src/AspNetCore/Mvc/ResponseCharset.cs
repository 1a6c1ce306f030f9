using System.Text;
using Microsoft.AspNetCore.Mvc.Formatters;
using Microsoft.Net.Http.Headers;
using MvcMediaType = Microsoft.AspNetCore.Mvc.Formatters.MediaType;

namespace FastFormatters.Mvc;

/// <summary>
/// The charset of a UTF-8 text format's response, chosen as MVC's System.Text.Json output formatter chooses it among
/// the encodings it supports (UTF-8 first, then UTF-16): the first of them the request's <c>Accept-Charset</c> names
/// (by weight), else the charset of the negotiated content type (from <c>Accept</c> or <c>[Produces]</c>) when it is
/// one of them, else UTF-8.
/// </summary>
internal static class ResponseCharset
{
    /// <summary>UTF-16, little-endian, without a byte order mark: what MVC's formatter writes for <c>charset=utf-16</c>.</summary>
    public static readonly Encoding Utf16 = new UnicodeEncoding(bigEndian: false, byteOrderMark: false);

    /// <summary>The encoding of the response <paramref name="context"/> describes: UTF-8 or <see cref="Utf16"/>.</summary>
    public static Encoding Select(OutputFormatterWriteContext context)
    {
        var acceptCharset = context.HttpContext.Request.Headers.AcceptCharset;
        if (acceptCharset.Count > 0 && StringWithQualityHeaderValue.TryParseList(acceptCharset, out var charsets))
        {
            Encoding? best = null;
            double bestQuality = 0;
            foreach (var charset in charsets)
            {
                double quality = charset.Quality ?? 1;
                if (quality > bestQuality && Supported(charset.Value.Value) is { } encoding)
                {
                    (best, bestQuality) = (encoding, quality);
                }
            }

            if (best is not null)
            {
                return best;
            }
        }

        return Supported(new MvcMediaType(context.ContentType).Charset.Value) ?? Encoding.UTF8;
    }

    // "*" takes the first supported encoding, as MVC's formatter takes it.
    private static Encoding? Supported(string? charset)
        => charset is null ? null
            : charset.Equals("utf-8", StringComparison.OrdinalIgnoreCase) || charset == "*" ? Encoding.UTF8
            : charset.Equals("utf-16", StringComparison.OrdinalIgnoreCase) || charset.Equals("unicode", StringComparison.OrdinalIgnoreCase) ? Utf16
            : null;
}
