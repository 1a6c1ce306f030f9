using FastFormatters.Verification;

namespace FastFormatters.Serialization;

/// <summary>
/// The serializers of the registered formats over the minimal APIs' serializer, default format first: made once, shared
/// by the minimal-API results and by MVC's formatters when MVC's JSON options are the same.
/// </summary>
internal sealed class FormatSerializers(FastFormattersSerializer serializer, FastFormats formats, ResponseVerification verification)
{
    public FormatSerializer[] All { get; } = verification.Create(formats.Formats, serializer);

    /// <summary>JSON's, in which problems are written whatever was negotiated.</summary>
    public FormatSerializer Json => Array.Find(All, format => format.Format is Json.JsonWireFormat)!;
}
