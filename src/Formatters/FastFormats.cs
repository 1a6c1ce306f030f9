using FastFormatters.Json;
using FastFormatters.Negotiation;

namespace FastFormatters;

/// <summary>
/// The formats FastFormatters provides, default first: the registry an application negotiates among, and the media
/// types endpoint metadata (OpenAPI) lists before the application runs.
/// </summary>
internal static class FastFormats
{
    public static FormatRegistry CreateRegistry() => new([JsonFormat.Definition]);

    /// <summary>The concrete media types a response can have.</summary>
    public static readonly string[] ResponseMediaTypes = [.. new FormatNegotiator(CreateRegistry()).CandidateMediaTypes];

    /// <summary>The media types a request body can have.</summary>
    public static readonly string[] RequestMediaTypes = [.. CreateRegistry().Formats.SelectMany(format => format.MediaTypes)];
}
