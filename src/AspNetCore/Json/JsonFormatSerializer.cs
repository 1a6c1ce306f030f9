using System.Buffers;
using FastFormatters.Negotiation;
using FastFormatters.Serialization;
using FastFormatters.Verification;

namespace FastFormatters.Json;

/// <summary>The JSON format: UTF-8 text, compared in verify mode with System.Text.Json's bytes as they are.</summary>
internal sealed class JsonFormatSerializer(FastFormattersSerializer serializer, FormatOptions options, ResponseVerifier? verifier = null)
    : FormatSerializer(serializer, FastFormat.Json, JsonFormat.Definition, options, verifier)
{
    public override bool IsUtf8Text => true;

    public override void WriteReference(IBufferWriter<byte> output, byte[] reference) => output.Write(reference);
}
