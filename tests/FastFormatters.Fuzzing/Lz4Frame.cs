using FastFormatters.MessagePack;

namespace FastFormatters.Fuzzing;

/// <summary>
/// An LZ4 block-array frame taken apart (the array, extension 98 with each block's uncompressed size, the blocks), so
/// the fuzzer can lie about one part and write the rest consistently: a wrong size with an intact block, a corrupt block
/// with the right sizes, a missing block. Written from the framing MessagePack-CSharp uses, not with the library's writer,
/// so block size and size encoding can vary.
/// </summary>
internal sealed class Lz4Frame
{
    public const sbyte Lz4ExtensionType = 98;

    /// <summary>The declared uncompressed size of each block.</summary>
    public List<long> Sizes { get; } = [];

    /// <summary>The compressed blocks, sent as binary items.</summary>
    public List<byte[]> Blocks { get; } = [];

    public sbyte ExtensionType { get; set; } = Lz4ExtensionType;

    /// <summary>Added to the array's element count (which should be blocks + 1).</summary>
    public int CountDelta { get; set; }

    /// <summary>How each size is encoded: 0 the narrowest form, else an index into <see cref="MsgPackEncoding.IntegerForms"/> from the widest.</summary>
    public int SizeForm { get; set; } = -1;

    /// <summary>Compresses <paramref name="plain"/> in blocks of <paramref name="blockSize"/> bytes.</summary>
    public static Lz4Frame Compress(ReadOnlySpan<byte> plain, int blockSize)
    {
        var frame = new Lz4Frame();
        var compressed = new byte[Lz4Block.MaxEncodedLength(blockSize)];
        int offset = 0;
        do
        {
            var block = plain.Slice(offset, Math.Min(blockSize, plain.Length - offset));
            frame.Sizes.Add(block.Length);
            frame.Blocks.Add(compressed.AsSpan(0, Lz4Block.Encode(block, compressed)).ToArray());
            offset += block.Length;
        }
        while (offset < plain.Length);
        return frame;
    }

    /// <summary>Takes a frame apart; null when <paramref name="data"/> is not one (or no longer one, after mutation).</summary>
    public static Lz4Frame? Parse(ReadOnlySpan<byte> data)
    {
        var items = MsgPackLayout.Walk(data);
        if (items.Count < 3 || items[0].Kind != MsgPackKind.Array || items[1].Kind != MsgPackKind.Extension || !items[1].IsComplete)
        {
            return null;
        }

        var frame = new Lz4Frame { ExtensionType = unchecked((sbyte)data[items[1].PayloadOffset - 1]) };
        var sizeData = data[items[1].PayloadOffset..items[1].End];
        foreach (var size in MsgPackLayout.Walk(sizeData, sequence: true).Where(item => item.Depth == 0))
        {
            if (size.Kind != MsgPackKind.Integer || !size.IsComplete)
            {
                return null;
            }

            frame.Sizes.Add(MsgPackEncoding.ReadInteger(sizeData[size.Offset..size.End]));
            frame.SizeForm = sizeData[size.Offset] == 0xd2 && frame.SizeForm == -1 ? -1 : 0; // int32, as usual, or the narrowest
        }

        foreach (var block in items.Skip(2).Where(item => item.Depth == 1))
        {
            if (block.Kind != MsgPackKind.Binary || !block.IsComplete)
            {
                return null;
            }

            frame.Blocks.Add(data[block.PayloadOffset..block.End].ToArray());
        }

        frame.CountDelta = (int)items[0].Length - (frame.Blocks.Count + 1);
        return frame;
    }

    public byte[] ToBytes()
    {
        var output = new List<byte>();
        output.AddRange(MsgPackEncoding.SmallestHeader(MsgPackKind.Array, Math.Max(0, Blocks.Count + 1 + CountDelta)));
        var sizes = new List<byte>();
        foreach (long size in Sizes)
        {
            var forms = MsgPackEncoding.IntegerForms(size);
            // -1 is what the library and MessagePack-CSharp write: int32 (0xd2) when it fits.
            sizes.AddRange(SizeForm switch
            {
                -1 => forms.FirstOrDefault(form => form[0] == 0xd2) ?? forms[^1],
                0 => forms[0],
                _ => forms[Math.Max(0, forms.Count - SizeForm)],
            });
        }

        output.AddRange(MsgPackEncoding.ExtensionHeader(sizes.Count, ExtensionType));
        output.AddRange(sizes);
        foreach (var block in Blocks)
        {
            output.AddRange(MsgPackEncoding.SmallestHeader(MsgPackKind.Binary, block.Length));
            output.AddRange(block);
        }

        return [.. output];
    }
}
