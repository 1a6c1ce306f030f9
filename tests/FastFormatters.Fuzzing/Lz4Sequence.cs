namespace FastFormatters.Fuzzing;

/// <summary>
/// One sequence of an LZ4 block as <see cref="Lz4Sequence.Walk"/> finds it: the token, and the match offset that
/// follows the literals (none in the last sequence), with the output length decoded so far, so a mutation can point a
/// match just before the start of the output, or make a length run past the end.
/// </summary>
internal readonly record struct Lz4Sequence(int Token, int OffsetField, int OutputBefore)
{
    /// <summary>The sequences of a block, as far as it decodes (a lenient walk, for mutated blocks too).</summary>
    public static List<Lz4Sequence> Walk(ReadOnlySpan<byte> block)
    {
        var sequences = new List<Lz4Sequence>();
        int input = 0;
        long output = 0;
        while (input < block.Length && sequences.Count < 4096)
        {
            int token = input++;
            long literals = block[token] >> 4;
            if (literals == 15 && !TryExtra(block, ref input, ref literals))
            {
                break;
            }

            if (literals > block.Length - input)
            {
                sequences.Add(new Lz4Sequence(token, -1, (int)Math.Min(output, int.MaxValue)));
                break;
            }

            input += (int)literals;
            output += literals;
            if (block.Length - input < 2)
            {
                sequences.Add(new Lz4Sequence(token, -1, (int)Math.Min(output, int.MaxValue)));
                break;
            }

            sequences.Add(new Lz4Sequence(token, input, (int)Math.Min(output, int.MaxValue)));
            input += 2;
            long match = block[token] & 0x0f;
            if (match == 15 && !TryExtra(block, ref input, ref match))
            {
                break;
            }

            output += match + 4;
        }

        return sequences;
    }

    private static bool TryExtra(ReadOnlySpan<byte> block, ref int input, ref long length)
    {
        byte next;
        do
        {
            if (input >= block.Length)
            {
                return false;
            }

            next = block[input++];
            length += next;
        }
        while (next == 255);
        return true;
    }
}
