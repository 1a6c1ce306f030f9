using System.Text.Json;

namespace FastFormatters.Serialization;

/// <summary>An immutable snapshot of the options converters are built from.</summary>
internal sealed class SerializerSettings
{
    public SerializerSettings(FastFormattersOptions options)
    {
        if (options.Validate() is { } error)
        {
            throw new ArgumentOutOfRangeException(nameof(options), error);
        }

        NamingPolicy = options.NamingPolicy;
        OmitNullMembers = options.OmitNullMembers;
        EnumsAsNumbers = options.EnumsAsNumbers;
        MaxDepth = options.MaxDepth;
        MessagePackMaxDepth = options.MessagePack.MaxDepth;
        MessagePackCompression = options.MessagePack.Compression;
        MessagePackMaxDecompressedSize = options.MessagePack.MaxDecompressedSize;
        DefaultFormat = options.DefaultFormat;
        ResponseFlushThreshold = options.ResponseFlushThreshold;
    }

    public JsonNamingPolicy? NamingPolicy { get; }

    public bool OmitNullMembers { get; }

    public bool EnumsAsNumbers { get; }

    public int MaxDepth { get; }

    public int MessagePackMaxDepth { get; }

    public MessagePack.MessagePackCompression MessagePackCompression { get; }

    public int MessagePackMaxDecompressedSize { get; }

    public string DefaultFormat { get; }

    public int ResponseFlushThreshold { get; }

    public string ConvertName(string clrName) => NamingPolicy?.ConvertName(clrName) ?? clrName;
}
