using System.Buffers;
using System.Text.Json;
using FastFormatters.Serialization;
using FastFormatters.Verification;

namespace FastFormatters.Jmc;

/// <summary>
/// JMC1 in the host: JSON's data with length comments, so in verify mode System.Text.Json's JSON is compared after it
/// is written as JMC1.
/// </summary>
internal sealed class JmcFormatBehavior : FormatBehavior
{
    public static readonly JmcFormatBehavior Instance = new();

    private JmcFormatBehavior()
    {
    }

    public override FormatReference? CreateReference(FastFormattersSerializer serializer, FormatVerificationOptions options)
        => serializer.JsonSerializerOptions is { } jsonOptions ? new SystemTextJsonReference(jsonOptions) : null;

    public override void WriteReference(WireFormat format, IBufferWriter<byte> output, byte[] reference)
    {
        using var document = JsonDocument.Parse(reference);
        format.Serialize(output, document.RootElement);
    }
}
