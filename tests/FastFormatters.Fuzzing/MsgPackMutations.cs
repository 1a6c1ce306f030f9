namespace FastFormatters.Fuzzing;

/// <summary>
/// Mutations that know MessagePack's structure (found by <see cref="MsgPackLayout"/>): lengths and counts that lie
/// (one off, zero, the bytes left, the largest the field holds), headers and integers rewritten in wider forms (valid,
/// but other code paths), values replaced by extremes of every type or by items from another document, and nesting
/// amplified past the depth limit.
/// </summary>
internal sealed class MsgPackMutations(IReadOnlyList<byte[]> corpus)
{
    /// <summary>Codes and short items, for the byte mutations to insert and overwrite with.</summary>
    public static readonly IReadOnlyList<byte[]> Tokens =
    [
        [0xc0], [0xc1], [0xc2], [0xc3], [0x90], [0x80], [0xa0], [0x91], [0x81], [0xdc], [0xdd], [0xde], [0xdf], [0xd9],
        [0xda], [0xdb], [0xc4], [0xc5], [0xc6], [0xc7], [0xc8], [0xc9], [0xd4], [0xd5], [0xd6], [0xd7], [0xd8],
        [0xdc, 0xff, 0xff], [0xdd, 0xff, 0xff, 0xff, 0xff], [0xdf, 0x7f, 0xff, 0xff, 0xff], [0xdb, 0x80, 0x00, 0x00, 0x00],
        [0xc9, 0xff, 0xff, 0xff, 0xff, 0x62], [0xd4, 0x62, 0x00], [0xc7, 0x00, 0x62], [0xa1, 0xff], [0xa2, 0xed, 0xa0],
    ];

    // Whole values at the edges of their types: integers in every width, NaN and infinities, timestamps of every
    // size (and some that are no timestamp), the LZ4 extension, empty containers, and the unused code 0xc1.
    private static readonly byte[][] s_atoms =
    [
        [0x00], [0x7f], [0xe0], [0xff], [0xcc, 0xff], [0xcd, 0xff, 0xff], [0xce, 0xff, 0xff, 0xff, 0xff],
        [0xcf, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff], [0xcf, 0x80, 0, 0, 0, 0, 0, 0, 0], [0xd0, 0x80],
        [0xd1, 0x80, 0x00], [0xd2, 0x80, 0, 0, 0], [0xd3, 0x80, 0, 0, 0, 0, 0, 0, 0], [0xd3, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff],
        [0xca, 0x7f, 0xc0, 0, 0], [0xca, 0x7f, 0x80, 0, 0], [0xca, 0x00, 0x00, 0x00, 0x01], [0xca, 0x7f, 0x7f, 0xff, 0xff],
        [0xcb, 0x7f, 0xf8, 0, 0, 0, 0, 0, 0], [0xcb, 0xff, 0xf0, 0, 0, 0, 0, 0, 0], [0xcb, 0x80, 0, 0, 0, 0, 0, 0, 0],
        [0xcb, 0x7f, 0xef, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff], [0xcb, 0, 0, 0, 0, 0, 0, 0, 1], [0xcb, 0x43, 0xe0, 0, 0, 0, 0, 0, 0],
        [0xc0], [0xc2], [0xc3], [0xc1], [0xa0], [0x90], [0x80], [0xc4, 0x00], [0xd9, 0x00], [0xc7, 0x00, 0x01],
        [0xd6, 0xff, 0xff, 0xff, 0xff, 0xff], [0xd7, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff],
        [0xd7, 0xff, 0xee, 0x6b, 0x28, 0x00, 0x00, 0x00, 0x00, 0x00], [0xc7, 0x0c, 0xff, 0, 0, 0, 0, 0x80, 0, 0, 0, 0, 0, 0, 0],
        [0xc7, 0x0c, 0xff, 0x3b, 0x9a, 0xca, 0x00, 0x7f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff], [0xd5, 0xff, 0x00, 0x00],
        [0xd8, 0xff, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], [0xd4, 0x62, 0x00], [0xd4, 0x01, 0x00],
        [0x92, 0xd4, 0x62, 0x00, 0xc4, 0x00], [0xa3, 0x4e, 0x61, 0x4e], [0xa8, .. "Infinity"u8], [0xa9, .. "-Infinity"u8],
        [0xb4, .. "2024-02-30T25:61:61Z"u8], [0xa5, .. "1e400"u8],
    ];

    private static readonly int[] s_depths = [499, 500, 501, 1023, 1024, 1025, 5000, 50_000];

    public IEnumerable<MutationOp> Ops() =>
    [
        new("msgpack-tamper-length", 6, TamperLength),
        new("msgpack-widen-header", 3, WidenHeader),
        new("msgpack-reencode-integer", 2, ReencodeInteger),
        new("msgpack-replace-with-atom", 4, ReplaceWithAtom),
        new("msgpack-replace-item", 3, ReplaceItem),
        new("msgpack-wrap-nesting", 2, WrapNesting),
    ];

    private static void TamperLength(List<byte> data, FuzzRandom random)
    {
        var items = MsgPackLayout.Walk(data.ToArray()).Where(item => item.HasLength).ToList();
        if (items.Count == 0)
        {
            return;
        }

        var item = random.Pick(items);
        long remaining = data.Count - item.PayloadOffset;
        long fieldMax = item.LengthFieldWidth switch
        {
            0 => item.Kind == MsgPackKind.String ? 31 : 15,
            1 => 0xff,
            2 => 0xffff,
            _ => 0xffffffff,
        };
        long length = random.Next(11) switch
        {
            0 => item.Length + 1,
            1 => item.Length - 1,
            2 => 0,
            3 => fieldMax,
            4 => remaining,
            5 => remaining + 1,
            6 => remaining / 2,
            7 => (remaining / 2) + 1,
            8 => int.MaxValue,
            9 => 0x80000000L,
            _ => random.Next(int.MaxValue),
        };
        if (item.LengthFieldWidth == 0)
        {
            byte mask = (byte)fieldMax;
            data[item.Offset] = (byte)((data[item.Offset] & ~mask) | (int)(length & mask));
            return;
        }

        var field = new byte[item.LengthFieldWidth];
        MsgPackEncoding.WriteField(field, length);
        for (int i = 0; i < field.Length; i++)
        {
            data[item.LengthFieldOffset + i] = field[i];
        }
    }

    // fixstr -> str8/16/32, fixarray -> array16/32 and so on, with the same length: still valid.
    private static void WidenHeader(List<byte> data, FuzzRandom random)
    {
        var items = MsgPackLayout.Walk(data.ToArray())
            .Where(item => item.Kind is MsgPackKind.String or MsgPackKind.Binary or MsgPackKind.Array or MsgPackKind.Map && item.LengthFieldWidth < 4)
            .ToList();
        if (items.Count == 0)
        {
            return;
        }

        var item = random.Pick(items);
        int[] wider = item.Kind is MsgPackKind.Array or MsgPackKind.Map
            ? [.. new[] { 2, 4 }.Where(width => width > item.LengthFieldWidth)]
            : [.. new[] { 1, 2, 4 }.Where(width => width > item.LengthFieldWidth)];
        int headerLength = 1 + item.LengthFieldWidth;
        data.RemoveRange(item.Offset, headerLength);
        data.InsertRange(item.Offset, MsgPackEncoding.Header(item.Kind, item.Length, random.Pick(wider)));
    }

    private static void ReencodeInteger(List<byte> data, FuzzRandom random)
    {
        var bytes = data.ToArray();
        var items = MsgPackLayout.Walk(bytes).Where(item => item.Kind == MsgPackKind.Integer && item.IsComplete && bytes[item.Offset] != 0xcf).ToList();
        if (items.Count == 0)
        {
            return;
        }

        var item = random.Pick(items);
        long value = MsgPackEncoding.ReadInteger(bytes.AsSpan(item.Offset, item.End - item.Offset));
        Replace(data, item, random.Pick(MsgPackEncoding.IntegerForms(value)));
    }

    private static void ReplaceWithAtom(List<byte> data, FuzzRandom random)
    {
        var items = MsgPackLayout.Walk(data.ToArray()).Where(item => item.IsComplete).ToList();
        if (items.Count > 0)
        {
            Replace(data, random.Pick(items), random.Pick(s_atoms));
        }
    }

    // A value of this document replaced by one from another: type confusion with well-formed items.
    private void ReplaceItem(List<byte> data, FuzzRandom random)
    {
        var items = MsgPackLayout.Walk(data.ToArray()).Where(item => item.IsComplete).ToList();
        var donor = random.Pick(corpus);
        var donorItems = MsgPackLayout.Walk(donor).Where(item => item.IsComplete).ToList();
        if (items.Count > 0 && donorItems.Count > 0)
        {
            var from = random.Pick(donorItems);
            Replace(data, random.Pick(items), donor[from.Offset..from.End]);
        }
    }

    // 0x91 (an array of one) or 0x81 0xa1 'a' (a map of one) repeated before the document.
    private static void WrapNesting(List<byte> data, FuzzRandom random)
    {
        int depth = random.OneIn(2) ? random.Pick(s_depths) : random.SmallLength(2000);
        byte[] level = random.OneIn(3) ? [0x81, 0xa1, (byte)'a'] : [0x91];
        var prefix = new List<byte>(level.Length * depth);
        for (int i = 0; i < depth; i++)
        {
            prefix.AddRange(level);
        }

        data.InsertRange(random.OneIn(4) ? random.Next(data.Count + 1) : 0, prefix);
    }

    private static void Replace(List<byte> data, MsgPackItem item, byte[] replacement)
    {
        data.RemoveRange(item.Offset, item.End - item.Offset);
        data.InsertRange(item.Offset, replacement);
    }
}
