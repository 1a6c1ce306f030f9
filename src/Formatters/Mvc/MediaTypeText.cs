using Microsoft.Extensions.Primitives;
using MvcMediaType = Microsoft.AspNetCore.Mvc.Formatters.MediaType;

namespace FastFormatters.Mvc;

internal static class MediaTypeText
{
    /// <summary>Adds <c>charset=utf-8</c> to a JSON content type that has no charset, as the framework's JSON formatter does.</summary>
    public static StringSegment WithUtf8Charset(StringSegment contentType)
        => new MvcMediaType(contentType).Charset.HasValue ? contentType : new StringSegment(contentType.Value + "; charset=utf-8");
}
