namespace FastFormatters.Fuzzing;

/// <summary>
/// Mutations of an LZ4 block-array frame, made on the frame taken apart (<see cref="Lz4Frame"/>) so one part can lie
/// while the rest stays consistent: declared sizes one off, negative, past the decompression cap or past what LZ4 can
/// expand the bytes to; blocks missing, repeated or swapped; the wrong extension type or element count; and inside a
/// block, tokens, match offsets and length extensions that point before the output or run past either end.
/// </summary>
internal sealed class Lz4Mutations
{
    private const long DefaultMaxDecompressedSize = 64 * 1024 * 1024;

    public IEnumerable<MutationOp> Ops() =>
    [
        new("lz4-size-lie", 5, (data, random) => Edit(data, random, SizeLie)),
        new("lz4-size-form", 1, (data, random) => Edit(data, random, (frame, r, _) => frame.SizeForm = r.Between(0, 9))),
        new("lz4-frame-shape", 2, (data, random) => Edit(data, random, FrameShape)),
        new("lz4-block-sequence", 6, (data, random) => Edit(data, random, BlockSequence)),
        new("lz4-block-bytes", 2, (data, random) => Edit(data, random, BlockBytes)),
    ];

    // Parses, edits and writes back; leaves inputs that are no longer frames to the other mutations.
    private static void Edit(List<byte> data, FuzzRandom random, Action<Lz4Frame, FuzzRandom, int> edit)
    {
        var frame = Lz4Frame.Parse(data.ToArray());
        if (frame is null)
        {
            return;
        }

        edit(frame, random, data.Count);
        data.Clear();
        data.AddRange(frame.ToBytes());
    }

    private static void SizeLie(Lz4Frame frame, FuzzRandom random, int frameLength)
    {
        if (frame.Sizes.Count == 0)
        {
            frame.Sizes.Add(random.Next(100));
            return;
        }

        int i = random.Next(frame.Sizes.Count);
        long size = frame.Sizes[i];
        frame.Sizes[i] = random.Next(12) switch
        {
            0 => size + 1,
            1 => size - 1,
            2 => 0,
            3 => -1,
            4 => int.MaxValue,
            5 => (long)int.MaxValue + 1,
            6 => DefaultMaxDecompressedSize,
            7 => DefaultMaxDecompressedSize + 1,
            8 => (255L * frameLength) + 64, // the most LZ4 can expand this frame to
            9 => (255L * frameLength) + 65,
            10 => long.MinValue,
            _ => random.Next(1 << 20),
        };
    }

    private static void FrameShape(Lz4Frame frame, FuzzRandom random, int frameLength)
    {
        switch (random.Next(7))
        {
            case 0:
                frame.CountDelta = random.Pick(new[] { -3, -2, -1, 1, 2 });
                break;
            case 1:
                frame.ExtensionType = random.Pick(new sbyte[] { 97, 99, -1, 0, sbyte.MinValue });
                break;
            case 2 when frame.Blocks.Count > 0:
                frame.Blocks.RemoveAt(random.Next(frame.Blocks.Count));
                break;
            case 3 when frame.Blocks.Count > 0:
                int repeated = random.Next(frame.Blocks.Count);
                frame.Blocks.Insert(repeated, frame.Blocks[repeated]);
                break;
            case 4 when frame.Blocks.Count > 1:
                int a = random.Next(frame.Blocks.Count);
                int b = random.Next(frame.Blocks.Count);
                (frame.Blocks[a], frame.Blocks[b]) = (frame.Blocks[b], frame.Blocks[a]);
                break;
            case 5 when frame.Sizes.Count > 0:
                frame.Sizes.RemoveAt(random.Next(frame.Sizes.Count));
                break;
            default:
                frame.Sizes.Add(random.Next(1 << 16));
                break;
        }
    }

    // Inside a block: the token's literal and match lengths, the match offset, and the 255-run length extensions.
    private static void BlockSequence(Lz4Frame frame, FuzzRandom random, int frameLength)
    {
        if (frame.Blocks.Count == 0)
        {
            return;
        }

        int index = random.Next(frame.Blocks.Count);
        var block = new List<byte>(frame.Blocks[index]);
        var sequences = Lz4Sequence.Walk(block.ToArray());
        if (sequences.Count == 0)
        {
            return;
        }

        var sequence = random.Pick(sequences);
        byte token = block[sequence.Token];
        switch (random.Next(6))
        {
            case 0:
                block[sequence.Token] = (byte)((random.Pick(new[] { 0, 1, 14, 15 }) << 4) | (token & 0x0f));
                break;
            case 1:
                block[sequence.Token] = (byte)((token & 0xf0) | random.Pick(new[] { 0, 1, 14, 15 }));
                break;
            case 2 when sequence.OffsetField >= 0:
                int offset = random.Next(6) switch
                {
                    0 => 0,
                    1 => 1,
                    2 => sequence.OutputBefore, // the start of the output: valid
                    3 => sequence.OutputBefore + 1, // one before it
                    4 => 0xffff,
                    _ => random.Next(0x10000),
                };
                block[sequence.OffsetField] = (byte)offset;
                block[sequence.OffsetField + 1] = (byte)(offset >> 8);
                break;
            case 3:
                // A length extension of 255s (and whatever follows) after the token, as if its length were 15 or more.
                block[sequence.Token] = (byte)(token | (random.OneIn(2) ? 0xf0 : 0x0f));
                var run = Enumerable.Repeat((byte)255, random.SmallLength(300)).ToList();
                if (random.OneIn(2))
                {
                    run.Add(random.NextByte());
                }

                block.InsertRange(sequence.Token + 1, run);
                break;
            case 4:
                block.RemoveRange(sequence.Token, block.Count - sequence.Token); // the block ends mid-sequence
                break;
            default:
                block.AddRange(Enumerable.Repeat(random.NextByte(), random.SmallLength(16))); // trailing garbage
                break;
        }

        frame.Blocks[index] = [.. block];
    }

    private static void BlockBytes(Lz4Frame frame, FuzzRandom random, int frameLength)
    {
        if (frame.Blocks.Count == 0 || frame.Blocks.All(block => block.Length == 0))
        {
            return;
        }

        var nonEmpty = frame.Blocks.Where(block => block.Length > 0).ToList();
        var block = random.Pick(nonEmpty);
        var copy = block.ToArray();
        copy[random.Next(copy.Length)] ^= (byte)(1 << random.Next(8));
        frame.Blocks[frame.Blocks.IndexOf(block)] = copy;
    }
}
