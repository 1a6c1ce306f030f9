namespace FastFormatters.MessagePack;

/// <summary>Options of the MessagePack format.</summary>
public sealed class MessagePackOptions
{
    /// <summary>The deepest nesting a request body may have and a response may be written with. Defaults to 500.</summary>
    public int MaxDepth { get; set; } = 500;

    /// <summary>
    /// How responses are compressed: <see cref="MessagePackCompression.None"/> (the default) or
    /// <see cref="MessagePackCompression.Lz4BlockArray"/>. Compressed requests are accepted either way.
    /// </summary>
    public MessagePackCompression Compression { get; set; }

    /// <summary>
    /// The largest size an LZ4-compressed request body may claim once decompressed. Defaults to 64 MiB. A claim beyond
    /// what LZ4 can expand the received bytes to is refused whatever this says.
    /// </summary>
    public int MaxDecompressedSize { get; set; } = 64 * 1024 * 1024;
}
