using FastFormatters.Buffers;
using FastFormatters.Serialization.Composites;

namespace FastFormatters.MessagePack;

/// <summary>A member name as a MessagePack string, header and bytes, encoded once: a key is written and matched as one copy.</summary>
internal sealed class MessagePackMemberName : FormatMemberName
{
    public MessagePackMemberName(ReadOnlySpan<byte> utf8) => Encoded = new EncodedBytes(FastMessagePackWriter.EncodeString(utf8));

    /// <summary>The name as a MessagePack string.</summary>
    public EncodedBytes Encoded { get; }
}
