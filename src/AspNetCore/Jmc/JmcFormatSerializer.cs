using System.Buffers;
using System.Text.Json;
using FastFormatters.Negotiation;
using FastFormatters.Serialization;
using FastFormatters.Verification;

namespace FastFormatters.Jmc;

/// <summary>
/// The JMC1 format: JSON's data with length comments, so not text a charset describes. In verify mode System.Text.Json's
/// JSON is compared after it is written as JMC1.
/// </summary>
internal sealed class JmcFormatSerializer(FastFormattersSerializer serializer, FormatOptions options, ResponseVerifier? verifier = null)
    : FormatSerializer(serializer, FastFormat.Jsonc, JmcFormat.Definition, options, verifier)
{
    public override bool IsUtf8Text => false;

    public override void WriteReference(IBufferWriter<byte> output, byte[] reference)
    {
        using var document = JsonDocument.Parse(reference);
        Serializer.Serialize(FastFormat.Jsonc, output, document.RootElement);
    }
}
