using MessagePack;

namespace FastFormatters.Compatibility.Tests.Infrastructure;

/// <summary>
/// Reads the LZ4 framing of a body with MessagePack-CSharp's own reader: an array whose first element is ext 98
/// (Lz4BlockArray) or a top-level ext 99 (Lz4Block).
/// </summary>
public static class Lz4Framing
{
    public const sbyte BlockArrayExtension = 98;

    public const sbyte BlockExtension = 99;

    public static MessagePackCompression Detect(byte[] body)
    {
        var reader = new MessagePackReader(body);
        if (reader.NextMessagePackType == MessagePackType.Extension && reader.ReadExtensionFormatHeader().TypeCode == BlockExtension)
        {
            return MessagePackCompression.Lz4Block;
        }

        reader = new MessagePackReader(body);
        return reader.NextMessagePackType == MessagePackType.Array && reader.ReadArrayHeader() > 1
            && reader.NextMessagePackType == MessagePackType.Extension && reader.ReadExtensionFormatHeader().TypeCode == BlockArrayExtension
            ? MessagePackCompression.Lz4BlockArray
            : MessagePackCompression.None;
    }

    /// <summary>The uncompressed lengths an Lz4BlockArray body declares, after checking each is followed by a bin chunk.</summary>
    public static IReadOnlyList<int> BlockArrayChunkLengths(byte[] body)
    {
        var reader = new MessagePackReader(body);
        int count = reader.ReadArrayHeader();
        var header = reader.ReadExtensionFormatHeader();
        Assert.Equal(BlockArrayExtension, header.TypeCode);
        var lengths = new List<int>();
        var lengthReader = new MessagePackReader(reader.ReadRaw(header.Length));
        while (!lengthReader.End)
        {
            lengths.Add(lengthReader.ReadInt32());
        }

        Assert.True(count == lengths.Count + 1, $"Lz4BlockArray: the array holds {count} elements but ext 98 declares {lengths.Count} chunks.");
        for (int i = 0; i < lengths.Count; i++)
        {
            Assert.True(reader.NextMessagePackType == MessagePackType.Binary, $"Lz4BlockArray: chunk {i} is {reader.NextMessagePackType}, not bin.");
            reader.Skip();
        }

        Assert.True(reader.End, "Lz4BlockArray: bytes follow the last chunk.");
        return lengths;
    }

    /// <summary>The uncompressed length an Lz4Block body declares.</summary>
    public static int BlockDeclaredLength(byte[] body)
    {
        var reader = new MessagePackReader(body);
        var header = reader.ReadExtensionFormatHeader();
        Assert.Equal(BlockExtension, header.TypeCode);
        Assert.True(reader.Consumed + header.Length == body.Length, "Lz4Block: the ext 99 does not span the body.");
        return reader.ReadInt32();
    }
}
