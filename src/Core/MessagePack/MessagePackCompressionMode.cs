namespace FastFormatters.MessagePack;

/// <summary>How MessagePack responses are compressed.</summary>
public enum MessagePackCompressionMode
{
    /// <summary>Plain MessagePack.</summary>
    None,

    /// <summary>
    /// LZ4 in MessagePack-CSharp's <c>Lz4BlockArray</c> framing (a valid MessagePack array: extension 98 with the block
    /// lengths, then the compressed blocks), which its clients read transparently.
    /// </summary>
    Lz4BlockArray,

    /// <summary>
    /// LZ4 in MessagePack-CSharp's <c>Lz4Block</c> framing: one extension 99 holding the uncompressed length and a
    /// single LZ4 block.
    /// </summary>
    Lz4Block,
}
