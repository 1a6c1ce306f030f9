using System.Buffers.Binary;

namespace FastFormatters.Fuzzing;

/// <summary>
/// Finds the items of a MessagePack document, written from the spec and lenient: it walks as far as the bytes make
/// sense and stops at the first that do not, so it works on half-mutated inputs too. MessagePack is prefix-encoded,
/// so one forward pass finds every header; a stack of open containers gives each item's depth and end.
/// </summary>
internal static class MsgPackLayout
{
    /// <summary>The items of the first value in <paramref name="data"/>, or of every value in sequence when <paramref name="sequence"/> is set.</summary>
    public static List<MsgPackItem> Walk(ReadOnlySpan<byte> data, bool sequence = false, int maxItems = 4096)
    {
        var items = new List<MsgPackItem>();
        var open = new Stack<(MsgPackItem Item, long Remaining)>();
        int position = 0;
        while (position < data.Length && items.Count < maxItems)
        {
            var item = Decode(data, position, open.Count);
            if (item is null)
            {
                break;
            }

            items.Add(item);
            long children = item.Kind switch
            {
                MsgPackKind.Array => item.Length,
                MsgPackKind.Map => item.Length * 2,
                _ => 0,
            };
            if (item.Kind is MsgPackKind.Array or MsgPackKind.Map)
            {
                position += item.HeaderLength;
            }
            else
            {
                long end = (long)position + item.HeaderLength + item.Length;
                if (end > data.Length)
                {
                    break;
                }

                position = (int)end;
            }

            if (children > 0)
            {
                open.Push((item, children));
                continue;
            }

            // The item is complete, and so is every container whose last child it was.
            item.End = position;
            while (open.Count > 0)
            {
                var (parent, remaining) = open.Pop();
                if (remaining > 1)
                {
                    open.Push((parent, remaining - 1));
                    break;
                }

                parent.End = position;
            }

            if (open.Count == 0 && !sequence)
            {
                break; // one root value; what follows is trailing data
            }
        }

        return items;
    }

    private static MsgPackItem? Decode(ReadOnlySpan<byte> data, int at, int depth)
    {
        byte code = data[at];
        return code switch
        {
            <= 0x7f or >= 0xe0 => Item(MsgPackKind.Integer, 1, 0, 0),
            <= 0x8f => Item(MsgPackKind.Map, 1, 0, code & 0x0f),
            <= 0x9f => Item(MsgPackKind.Array, 1, 0, code & 0x0f),
            <= 0xbf => Item(MsgPackKind.String, 1, 0, code & 0x1f),
            0xc0 => Item(MsgPackKind.Nil, 1, 0, 0),
            0xc1 => null,
            0xc2 or 0xc3 => Item(MsgPackKind.Boolean, 1, 0, 0),
            0xc4 => Sized(data, at, depth, MsgPackKind.Binary, 1, extension: false),
            0xc5 => Sized(data, at, depth, MsgPackKind.Binary, 2, extension: false),
            0xc6 => Sized(data, at, depth, MsgPackKind.Binary, 4, extension: false),
            0xc7 => Sized(data, at, depth, MsgPackKind.Extension, 1, extension: true),
            0xc8 => Sized(data, at, depth, MsgPackKind.Extension, 2, extension: true),
            0xc9 => Sized(data, at, depth, MsgPackKind.Extension, 4, extension: true),
            0xca => Item(MsgPackKind.Float, 1, 0, 4),
            0xcb => Item(MsgPackKind.Float, 1, 0, 8),
            0xcc or 0xd0 => Item(MsgPackKind.Integer, 1, 0, 1),
            0xcd or 0xd1 => Item(MsgPackKind.Integer, 1, 0, 2),
            0xce or 0xd2 => Item(MsgPackKind.Integer, 1, 0, 4),
            0xcf or 0xd3 => Item(MsgPackKind.Integer, 1, 0, 8),
            0xd4 => Item(MsgPackKind.Extension, 2, 0, 1),
            0xd5 => Item(MsgPackKind.Extension, 2, 0, 2),
            0xd6 => Item(MsgPackKind.Extension, 2, 0, 4),
            0xd7 => Item(MsgPackKind.Extension, 2, 0, 8),
            0xd8 => Item(MsgPackKind.Extension, 2, 0, 16),
            0xd9 => Sized(data, at, depth, MsgPackKind.String, 1, extension: false),
            0xda => Sized(data, at, depth, MsgPackKind.String, 2, extension: false),
            0xdb => Sized(data, at, depth, MsgPackKind.String, 4, extension: false),
            0xdc => Sized(data, at, depth, MsgPackKind.Array, 2, extension: false),
            0xdd => Sized(data, at, depth, MsgPackKind.Array, 4, extension: false),
            0xde => Sized(data, at, depth, MsgPackKind.Map, 2, extension: false),
            _ => Sized(data, at, depth, MsgPackKind.Map, 4, extension: false), // 0xdf
        };

        MsgPackItem Item(MsgPackKind kind, int headerLength, int fieldWidth, long length)
            => new() { Offset = at, Kind = kind, HeaderLength = headerLength, LengthFieldWidth = fieldWidth, Length = length, Depth = depth };
    }

    // A string, binary, extension, array or map whose length is in a field of 'width' bytes after the code.
    private static MsgPackItem? Sized(ReadOnlySpan<byte> data, int at, int depth, MsgPackKind kind, int width, bool extension)
    {
        int headerLength = 1 + width + (extension ? 1 : 0);
        if (at + headerLength > data.Length)
        {
            return null;
        }

        var field = data.Slice(at + 1, width);
        long length = width switch
        {
            1 => field[0],
            2 => BinaryPrimitives.ReadUInt16BigEndian(field),
            _ => BinaryPrimitives.ReadUInt32BigEndian(field),
        };
        return new() { Offset = at, Kind = kind, HeaderLength = headerLength, LengthFieldWidth = width, Length = length, Depth = depth };
    }
}
