using System.Buffers;
using System.Buffers.Binary;

namespace FastFormatters.MessagePack;

/// <summary>
/// MessagePack-CSharp's <c>Lz4BlockArray</c> framing, so its clients interoperate: an array whose first element is the
/// extension 98 holding each block's uncompressed length (MessagePack integers), followed by each block as binary
/// LZ4 block data. Payloads under 64 bytes are sent plain.
/// </summary>
internal static class Lz4BlockArray
{
    public const sbyte ExtensionType = 98;
    private const int MinCompressedPayload = 64;
    private const int BlockSize = 64 * 1024;

    /// <summary>Whether <paramref name="payload"/> is framed as an LZ4 block array.</summary>
    public static bool IsFramed(ReadOnlySpan<byte> payload)
    {
        var reader = new FastMessagePackReader(payload, maxDepth: 1);
        if (reader.PeekKind() != MessagePackValueKind.Array)
        {
            return false;
        }

        try
        {
            // A frame is the lengths extension and at least one block.
            return reader.ReadArrayHeader() >= 2 && reader.TryReadExtensionOfType(ExtensionType);
        }
        catch (FormatReadException)
        {
            return false;
        }
    }

    /// <summary>Writes <paramref name="payload"/> compressed and framed into <paramref name="output"/>.</summary>
    public static void Write(ReadOnlySpan<byte> payload, IBufferWriter<byte> output)
    {
        if (payload.Length < MinCompressedPayload)
        {
            output.Write(payload);
            return;
        }

        int blocks = (payload.Length + BlockSize - 1) / BlockSize;
        var writer = new FastMessagePackWriter(output, maxDepth: 1);
        writer.WriteArrayHeader(blocks + 1);

        // The lengths as fixed-size int32s (0xd2 and four bytes); MessagePack-CSharp writes the shortest forms, and each
        // reads the other's.
        Span<byte> lengths = blocks * 5 <= 1024 ? stackalloc byte[blocks * 5] : new byte[blocks * 5];
        for (int i = 0; i < blocks; i++)
        {
            lengths[i * 5] = MessagePackCode.Int32;
            BinaryPrimitives.WriteInt32BigEndian(lengths[(i * 5 + 1)..], Math.Min(BlockSize, payload.Length - (i * BlockSize)));
        }

        writer.WriteExtension(ExtensionType, lengths);
        byte[] compressed = ArrayPool<byte>.Shared.Rent(Lz4Block.MaxEncodedLength(BlockSize));
        try
        {
            for (int i = 0; i < blocks; i++)
            {
                var block = payload.Slice(i * BlockSize, Math.Min(BlockSize, payload.Length - (i * BlockSize)));
                writer.WriteBinary(compressed.AsSpan(0, Lz4Block.Encode(block, compressed)));
            }
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(compressed);
        }

        writer.WriteEndContainer();
        writer.Flush();
    }

    /// <summary>
    /// Decompresses a framed payload into a pooled array (return it to <see cref="ArrayPool{T}.Shared"/>). The declared
    /// size may not exceed <paramref name="maxDecompressedSize"/>, nor what LZ4 can expand the received bytes to.
    /// </summary>
    public static byte[] Decompress(ReadOnlySpan<byte> payload, int maxDecompressedSize, out int length)
    {
        var reader = new FastMessagePackReader(payload, maxDepth: 1);
        int blocks = reader.ReadArrayHeader() - 1;
        if (blocks < 1)
        {
            throw reader.Error("An LZ4 block array has no blocks.");
        }

        var lengthData = reader.ReadExtension(out _);
        var lengthReader = new FastMessagePackReader(lengthData, maxDepth: 1);

        // The array header's count is bounded by the bytes left, so this allocation is too.
        Span<int> sizes = blocks <= 256 ? stackalloc int[256] : new int[blocks];
        sizes = sizes[..blocks];
        long total = 0;
        for (int i = 0; i < blocks; i++)
        {
            var size = lengthReader.ReadInteger();
            if (size < 0 || size > int.MaxValue)
            {
                throw reader.Error("An LZ4 block has an invalid length.");
            }

            sizes[i] = (int)size;
            total += sizes[i];
        }

        lengthReader.EnsureEndOfInput();

        if (!Lz4Block.IsPlausibleClaim(total, payload.Length, maxDecompressedSize))
        {
            throw reader.Error($"The LZ4 payload claims {total} bytes once decompressed, more than allowed.");
        }

        byte[] buffer = ArrayPool<byte>.Shared.Rent((int)Math.Max(total, 1));
        try
        {
            int written = 0;
            for (int i = 0; i < blocks; i++)
            {
                if (!Lz4Block.TryDecode(reader.ReadBinary(), buffer.AsSpan(written, sizes[i])))
                {
                    throw reader.Error($"LZ4 block {i} is corrupt.");
                }

                written += sizes[i];
            }

            reader.EndContainer();
            reader.EnsureEndOfInput();
            length = written;
            return buffer;
        }
        catch
        {
            ArrayPool<byte>.Shared.Return(buffer);
            throw;
        }
    }
}
