namespace FastFormatters.Fuzzing;

/// <summary>
/// Mutations that know nothing of the format: bit flips, interesting and random bytes, arithmetic, inserting,
/// deleting, duplicating and overwriting ranges, truncation, tokens of the format's syntax, and splicing with another
/// corpus entry. They find what a structured mutation would not think to try.
/// </summary>
internal sealed class ByteMutations
{
    // Bytes that mean something to one reader or another: JSON structure, comment delimiters, MessagePack codes
    // (0xc1 is never used; 0xd9/0xdc..0xdf/0xc7..0xc9/0xd4..0xd8 carry lengths), and the edges of signed and unsigned bytes.
    private static readonly byte[] s_interesting =
    [
        0x00, 0x01, 0x7f, 0x80, 0xff, 0xfe, 0x20, 0x0a, (byte)'"', (byte)'\\', (byte)'{', (byte)'[', (byte)']', (byte)'}',
        (byte)',', (byte)':', (byte)'/', (byte)'*', (byte)'-', (byte)'0', (byte)'9', (byte)'e', (byte)'u', 0xc0, 0xc1,
        0xc2, 0xc3, 0xc4, 0xc7, 0xc8, 0xc9, 0xca, 0xcb, 0xcf, 0xd3, 0xd4, 0xd5, 0xd6, 0xd7, 0xd8, 0xd9, 0xda, 0xdb, 0xdc,
        0xdd, 0xde, 0xdf, 0x8f, 0x9f, 0xbf, 0xe0, 0x62, 0xed, 0xf4, 0xf8,
    ];

    private readonly IReadOnlyList<byte[]> _corpus;
    private readonly IReadOnlyList<byte[]> _tokens;

    public ByteMutations(IReadOnlyList<byte[]> corpus, IReadOnlyList<byte[]> tokens)
    {
        _corpus = corpus;
        _tokens = tokens;
    }

    public IEnumerable<MutationOp> Ops() =>
    [
        new("flip-bit", 4, FlipBit),
        new("interesting-byte", 4, SetInteresting),
        new("random-byte", 2, SetRandom),
        new("add-to-byte", 2, AddToByte),
        new("insert-bytes", 2, InsertBytes),
        new("insert-token", 4, InsertToken),
        new("overwrite-token", 2, OverwriteToken),
        new("delete-range", 3, DeleteRange),
        new("duplicate-range", 2, DuplicateRange),
        new("copy-range", 1, CopyRange),
        new("truncate", 2, Truncate),
        new("splice", 2, Splice),
        new("insert-corpus-slice", 1, InsertCorpusSlice),
    ];

    private static void FlipBit(List<byte> data, FuzzRandom random)
    {
        if (data.Count > 0)
        {
            data[random.Next(data.Count)] ^= (byte)(1 << random.Next(8));
        }
    }

    private static void SetInteresting(List<byte> data, FuzzRandom random)
    {
        if (data.Count > 0)
        {
            data[random.Next(data.Count)] = random.Pick(s_interesting);
        }
    }

    private static void SetRandom(List<byte> data, FuzzRandom random)
    {
        if (data.Count > 0)
        {
            data[random.Next(data.Count)] = random.NextByte();
        }
    }

    private static void AddToByte(List<byte> data, FuzzRandom random)
    {
        if (data.Count > 0)
        {
            int at = random.Next(data.Count);
            data[at] = unchecked((byte)(data[at] + random.Between(-35, 35)));
        }
    }

    private static void InsertBytes(List<byte> data, FuzzRandom random)
    {
        int count = random.SmallLength(64);
        byte repeated = random.Pick(s_interesting);
        bool same = random.OneIn(2);
        var bytes = new byte[count];
        for (int i = 0; i < count; i++)
        {
            bytes[i] = same ? repeated : random.NextByte();
        }

        data.InsertRange(random.Next(data.Count + 1), bytes);
    }

    private void InsertToken(List<byte> data, FuzzRandom random)
        => data.InsertRange(random.Next(data.Count + 1), random.Pick(_tokens));

    private void OverwriteToken(List<byte> data, FuzzRandom random)
    {
        if (data.Count == 0)
        {
            return;
        }

        var token = random.Pick(_tokens);
        int at = random.Next(data.Count);
        for (int i = 0; i < token.Length && at + i < data.Count; i++)
        {
            data[at + i] = token[i];
        }
    }

    private static void DeleteRange(List<byte> data, FuzzRandom random)
    {
        if (data.Count > 0)
        {
            int at = random.Next(data.Count);
            data.RemoveRange(at, random.SmallLength(data.Count - at));
        }
    }

    // Also repeats the range several times: a cheap way to amplify elements, members and nesting.
    private static void DuplicateRange(List<byte> data, FuzzRandom random)
    {
        if (data.Count == 0)
        {
            return;
        }

        int start = random.Next(data.Count);
        var range = data.GetRange(start, random.SmallLength(data.Count - start));
        int at = random.OneIn(2) ? start + range.Count : random.Next(data.Count + 1);
        int times = random.OneIn(4) ? random.SmallLength(64) : 1;
        for (int i = 0; i < times; i++)
        {
            data.InsertRange(at, range);
        }
    }

    private static void CopyRange(List<byte> data, FuzzRandom random)
    {
        if (data.Count < 2)
        {
            return;
        }

        int from = random.Next(data.Count);
        int to = random.Next(data.Count);
        var range = data.GetRange(from, Math.Min(random.SmallLength(data.Count - from), data.Count - to));
        for (int i = 0; i < range.Count; i++)
        {
            data[to + i] = range[i];
        }
    }

    private static void Truncate(List<byte> data, FuzzRandom random)
    {
        if (data.Count == 0)
        {
            return;
        }

        int at = random.Next(data.Count);
        if (random.OneIn(4))
        {
            data.RemoveRange(0, at); // cut the head: the reader starts mid-document
        }
        else
        {
            data.RemoveRange(at, data.Count - at);
        }
    }

    // The head of this input and the tail of another: values of one document in the structure of another.
    private void Splice(List<byte> data, FuzzRandom random)
    {
        var other = random.Pick(_corpus);
        int cut = random.Next(data.Count + 1);
        int from = random.Next(other.Length + 1);
        data.RemoveRange(cut, data.Count - cut);
        data.AddRange(other.AsSpan(from).ToArray());
    }

    private void InsertCorpusSlice(List<byte> data, FuzzRandom random)
    {
        var other = random.Pick(_corpus);
        if (other.Length == 0)
        {
            return;
        }

        int from = random.Next(other.Length);
        data.InsertRange(random.Next(data.Count + 1), other.AsSpan(from, random.SmallLength(other.Length - from)).ToArray());
    }
}
