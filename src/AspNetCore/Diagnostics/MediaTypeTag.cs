using FastFormatters.Negotiation;

namespace FastFormatters.Diagnostics;

/// <summary>
/// The media type a read or write is tagged with: the one of the format's own media types that a <c>Content-Type</c>
/// names, else the format's first. Never the header's text itself, so the tag has as few values as there are media
/// types (a metrics backend keeps a series per value).
/// </summary>
internal static class MediaTypeTag
{
    public static string For(FormatDefinition format, string? contentType)
    {
        var mediaTypes = format.MediaTypes;
        if (contentType is not null)
        {
            foreach (string mediaType in mediaTypes)
            {
                if (contentType.StartsWith(mediaType, StringComparison.OrdinalIgnoreCase)
                    && (contentType.Length == mediaType.Length || contentType[mediaType.Length] is ';' or ' '))
                {
                    return mediaType;
                }
            }
        }

        return mediaTypes[0];
    }
}
