using FastFormatters.Jmc;
using FastFormatters.Json;
using FastFormatters.MessagePack;
using FastFormatters.Negotiation;

namespace FastFormatters;

/// <summary>
/// The formats FastFormatters provides: the registry an application negotiates among (default format first, the
/// others in their usual order), and the media types endpoint metadata (OpenAPI) lists before the application runs.
/// </summary>
internal static class FastFormats
{
    private static readonly FormatDefinition[] s_all = [JsonFormat.Definition, JmcFormat.Definition, MessagePackFormat.Definition];

    /// <summary>The concrete media types a response can have, the compressed MessagePack ones a request may ask for included.</summary>
    public static readonly string[] ResponseMediaTypes =
        [.. ResponseCandidates.From(new FormatRegistry(s_all)).Text, .. MessagePackCompressionRequest.CompressedMediaTypes];

    /// <summary>The media types a request body can have.</summary>
    public static readonly string[] RequestMediaTypes = [.. s_all.SelectMany(format => format.MediaTypes)];

    /// <summary>The registry with <paramref name="defaultFormat"/> first, or null when no format has that name.</summary>
    public static FormatRegistry? CreateRegistry(string defaultFormat)
    {
        var first = Array.Find(s_all, format => string.Equals(format.Name, defaultFormat, StringComparison.OrdinalIgnoreCase));
        return first is null ? null : new FormatRegistry([first, .. s_all.Where(format => format != first)]);
    }
}
