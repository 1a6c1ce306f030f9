using System.Text;
using Microsoft.AspNetCore.Mvc.Formatters;
using Microsoft.Net.Http.Headers;
using MvcMediaType = Microsoft.AspNetCore.Mvc.Formatters.MediaType;

namespace FastFormatters.Mvc;

/// <summary>
/// The charset of a UTF-8 text format's response, chosen among the encodings its formatter supports as MVC's
/// <see cref="TextOutputFormatter"/> chooses: the first of them the request's <c>Accept-Charset</c> names (by weight;
/// <c>*</c> names the first supported), else the charset of the negotiated content type (from <c>Accept</c> or
/// <c>[Produces]</c>) when it is one of them, else the first supported encoding. Charsets are matched by the encodings'
/// web names (<c>utf-8</c>, <c>utf-16</c>, <c>iso-8859-1</c>, ...).
/// </summary>
internal static class ResponseCharset
{
    /// <summary>The encoding of the response <paramref name="context"/> describes, one of <paramref name="supported"/>.</summary>
    /// <exception cref="InvalidOperationException"><paramref name="supported"/> is empty.</exception>
    public static Encoding Select(OutputFormatterWriteContext context, IList<Encoding> supported)
    {
        if (supported.Count == 0)
        {
            throw new InvalidOperationException("The formatter's SupportedEncodings is empty: a text response needs at least one encoding.");
        }

        var acceptCharset = context.HttpContext.Request.Headers.AcceptCharset;
        if (acceptCharset.Count > 0 && StringWithQualityHeaderValue.TryParseList(acceptCharset, out var charsets))
        {
            foreach (var charset in ByPreference(charsets))
            {
                if (charset.Value.Value is { Length: > 0 } name && Find(supported, name) is { } encoding)
                {
                    return encoding;
                }
            }
        }

        return Find(supported, new MvcMediaType(context.ContentType).Charset.Value, wildcard: false) ?? supported[0];
    }

    /// <summary>The supported encoding <paramref name="charset"/> names, by web name; <c>*</c> names the first.</summary>
    public static Encoding? Find(IList<Encoding> supported, string? charset, bool wildcard = true)
    {
        if (charset is null)
        {
            return null;
        }

        foreach (var encoding in supported)
        {
            if (charset.Equals(encoding.WebName, StringComparison.OrdinalIgnoreCase) || (wildcard && charset == "*"))
            {
                return encoding;
            }
        }

        return null;
    }

    // Charsets in the order MVC tries them: as sent while none has a weight; otherwise by weight, highest first, those
    // of weight 0 left out, a wildcard after a name of equal weight, and a later entry before an earlier one of equal weight.
    private static IEnumerable<StringWithQualityHeaderValue> ByPreference(IList<StringWithQualityHeaderValue> charsets)
    {
        if (charsets.All(charset => charset.Quality is null))
        {
            return charsets;
        }

        var ordered = new List<StringWithQualityHeaderValue>(charsets.Count);
        foreach (var charset in charsets)
        {
            if (charset.Quality == 0)
            {
                continue;
            }

            int at = ordered.Count;
            while (at > 0 && StringWithQualityHeaderValueComparer.QualityComparer.Compare(charset, ordered[at - 1]) >= 0)
            {
                at--;
            }

            ordered.Insert(at, charset);
        }

        return ordered;
    }
}
