using System.Buffers;
using System.Buffers.Binary;

namespace FastFormatters.MessagePack;

/// <summary>
/// MessagePack-CSharp's <c>Lz4Block</c> framing: one extension of type 99 whose data is the uncompressed length (a
/// MessagePack integer; written as int32, <c>d2</c> and four bytes, as it writes it) followed by one LZ4 block.
/// Payloads under 64 bytes are sent plain.
/// </summary>
internal static class Lz4BlockExtension
{
    public const sbyte ExtensionType = 99;
    private const int MinCompressedPayload = 64;

    /// <summary>Whether <paramref name="payload"/> is one <c>Lz4Block</c> extension.</summary>
    public static bool IsFramed(ReadOnlySpan<byte> payload)
    {
        var reader = new FastMessagePackReader(payload, maxDepth: 1);
        return reader.TryReadExtensionOfType(ExtensionType);
    }

    /// <summary>Writes <paramref name="payload"/> compressed into one extension.</summary>
    public static void Write(ReadOnlySpan<byte> payload, IBufferWriter<byte> output)
    {
        if (payload.Length < MinCompressedPayload)
        {
            output.Write(payload);
            return;
        }

        byte[] data = ArrayPool<byte>.Shared.Rent(5 + Lz4Block.MaxEncodedLength(payload.Length));
        try
        {
            data[0] = MessagePackCode.Int32;
            BinaryPrimitives.WriteInt32BigEndian(data.AsSpan(1), payload.Length);
            int compressed = Lz4Block.Encode(payload, data.AsSpan(5));
            var writer = new FastMessagePackWriter(output, maxDepth: 1);
            writer.WriteExtension(ExtensionType, data.AsSpan(0, 5 + compressed));
            writer.Flush();
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(data);
        }
    }

    /// <summary>
    /// Decompresses a framed payload into a pooled array (return it to <see cref="ArrayPool{T}.Shared"/>). The declared
    /// size may not exceed <paramref name="maxDecompressedSize"/>, nor what LZ4 can expand the received bytes to.
    /// </summary>
    public static byte[] Decompress(ReadOnlySpan<byte> payload, int maxDecompressedSize, out int length)
    {
        var reader = new FastMessagePackReader(payload, maxDepth: 1);
        var data = reader.ReadExtension(out _);
        reader.EnsureEndOfInput();

        var lengthReader = new FastMessagePackReader(data, maxDepth: 1);
        var size = lengthReader.ReadInteger();
        var block = data[lengthReader.Position..];

        if (size < 0 || !Lz4Block.IsPlausibleClaim((long)size, block.Length, maxDecompressedSize))
        {
            throw reader.Error($"The LZ4 payload claims {size} bytes once decompressed, more than allowed.");
        }

        length = (int)size;
        byte[] buffer = ArrayPool<byte>.Shared.Rent(Math.Max(length, 1));
        if (!Lz4Block.TryDecode(block, buffer.AsSpan(0, length)))
        {
            ArrayPool<byte>.Shared.Return(buffer);
            throw reader.Error("The LZ4 block is corrupt.");
        }

        return buffer;
    }
}
