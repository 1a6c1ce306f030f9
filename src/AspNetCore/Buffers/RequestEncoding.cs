using System.Buffers;
using System.Text;
using Microsoft.AspNetCore.Http;
using Microsoft.Net.Http.Headers;

namespace FastFormatters.Buffers;

/// <summary>
/// What a request body's headers say about its bytes before any format reads them: a <c>Content-Encoding</c> the
/// server did not decode (ASP.NET Core's request decompression removes the header when it does) cannot be read, and a
/// text body in another charset than UTF-8 is transcoded to UTF-8, as ASP.NET Core's JSON input formatter transcodes
/// it: UTF-16, UTF-32, US-ASCII and ISO-8859-1, the encodings .NET has without a code-page provider.
/// </summary>
internal static class RequestEncoding
{
    /// <summary>Why the body cannot be read (a 415), or null when its content coding is identity.</summary>
    public static string? UnsupportedContentCoding(HttpRequest request)
    {
        foreach (var coding in request.Headers.ContentEncoding)
        {
            if (!string.IsNullOrWhiteSpace(coding) && !coding.Trim().Equals("identity", StringComparison.OrdinalIgnoreCase))
            {
                return $"The body's Content-Encoding '{coding}' is not decoded by this server; send it unencoded (or enable request decompression).";
            }
        }

        return null;
    }

    /// <summary>
    /// The charset a text body declares when it is not UTF-8: the encoding to transcode from, or the reason it cannot
    /// be read (a 415). Both null for UTF-8 or no charset.
    /// </summary>
    public static (Encoding? Encoding, string? Unsupported) NonUtf8Charset(HttpRequest request)
    {
        if (!MediaTypeHeaderValue.TryParse(request.ContentType, out var contentType) || contentType.Charset.Value is not { Length: > 0 } charset)
        {
            return (null, null);
        }

        charset = HeaderUtilities.RemoveQuotes(charset).Value ?? charset;
        if (charset.Equals("utf-8", StringComparison.OrdinalIgnoreCase) || charset.Equals("utf8", StringComparison.OrdinalIgnoreCase))
        {
            return (null, null);
        }

        try
        {
            var encoding = Encoding.GetEncoding(charset);
            return encoding.CodePage == Encoding.UTF8.CodePage ? (null, null) : (encoding, null);
        }
        catch (ArgumentException)
        {
            return (null, $"The charset '{charset}' is not supported; send UTF-8 (or UTF-16, UTF-32, US-ASCII, ISO-8859-1).");
        }
    }

    /// <summary>
    /// <paramref name="body"/> as UTF-8, in a pooled array (return it to <see cref="ArrayPool{T}.Shared"/>); a byte
    /// order mark is dropped. Bytes that do not decode become the encoding's replacement character (U+FFFD, or '?' for
    /// US-ASCII), as the built-in formatter's transcoding does.
    /// </summary>
    public static byte[] ToUtf8(ReadOnlySpan<byte> body, Encoding encoding, out int length)
    {
        var preamble = encoding.Preamble;
        if (body.StartsWith(preamble))
        {
            body = body[preamble.Length..];
        }

        int chars = encoding.GetCharCount(body);
        char[] text = ArrayPool<char>.Shared.Rent(Math.Max(chars, 1));
        try
        {
            int decoded = encoding.GetChars(body, text);
            byte[] utf8 = ArrayPool<byte>.Shared.Rent(Math.Max(Encoding.UTF8.GetMaxByteCount(decoded), 1));
            length = Encoding.UTF8.GetBytes(text.AsSpan(0, decoded), utf8);
            return utf8;
        }
        finally
        {
            ArrayPool<char>.Shared.Return(text);
        }
    }
}
