using FastFormatters.Diagnostics;
using FastFormatters.Negotiation;
using FastFormatters.Serialization;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Options;

namespace FastFormatters.Verification;

/// <summary>
/// Makes each registered format's serializer with its <see cref="ResponseVerifier"/> from
/// <see cref="FastFormattersOptions.Verification"/>: none when the mode is off or the format has nothing to compare with
/// (JSON under the unified contract; MessagePack without a reference serializer; a format the host does not know).
/// </summary>
internal sealed class ResponseVerification(IOptions<FastFormattersOptions> options, FormatterMetrics metrics, ILoggerFactory loggerFactory)
{
    /// <summary>The serializer of <paramref name="format"/>, one of <paramref name="serializer"/>'s formats or built over them.</summary>
    public FormatSerializer Create(WireFormat format, FastFormattersSerializer serializer)
    {
        var behavior = FormatBehavior.For(format);
        var verification = options.Value.Verification;
        return new(format, behavior, verification.Enabled ? Verifier(format.Definition, behavior.CreateReference(serializer, verification)) : null);
    }

    /// <summary>The serializers of <paramref name="formats"/>, in their order.</summary>
    public FormatSerializer[] Create(WireFormat[] formats, FastFormattersSerializer serializer)
    {
        var created = new FormatSerializer[formats.Length];
        for (int i = 0; i < formats.Length; i++)
        {
            created[i] = Create(formats[i], serializer);
        }

        return created;
    }

    private ResponseVerifier? Verifier(FormatDefinition format, FormatReference? reference)
        => reference is null ? null
            : new ResponseVerifier(format, reference, options.Value.Verification, metrics, loggerFactory.CreateLogger("FastFormatters.Verification"));
}
