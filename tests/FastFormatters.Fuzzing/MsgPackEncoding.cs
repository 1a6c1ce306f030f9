using System.Buffers.Binary;

namespace FastFormatters.Fuzzing;

/// <summary>
/// MessagePack headers and integers written from the spec, in a chosen width rather than the smallest: the fuzzer
/// rewrites headers into their wider forms (still valid, but other code paths) and frames LZ4 payloads itself.
/// </summary>
internal static class MsgPackEncoding
{
    /// <summary>The header of a string, binary, array or map of <paramref name="length"/>, in the form of <paramref name="width"/> length bytes (0: the fix form).</summary>
    public static byte[] Header(MsgPackKind kind, long length, int width)
    {
        if (width == 0)
        {
            return kind switch
            {
                MsgPackKind.String => [(byte)(0xa0 | (length & 0x1f))],
                MsgPackKind.Array => [(byte)(0x90 | (length & 0x0f))],
                MsgPackKind.Map => [(byte)(0x80 | (length & 0x0f))],
                _ => throw new ArgumentOutOfRangeException(nameof(kind), kind, "No fix form."),
            };
        }

        byte code = (kind, width) switch
        {
            (MsgPackKind.String, 1) => 0xd9,
            (MsgPackKind.String, 2) => 0xda,
            (MsgPackKind.String, 4) => 0xdb,
            (MsgPackKind.Binary, 1) => 0xc4,
            (MsgPackKind.Binary, 2) => 0xc5,
            (MsgPackKind.Binary, 4) => 0xc6,
            (MsgPackKind.Array, 2) => 0xdc,
            (MsgPackKind.Array, 4) => 0xdd,
            (MsgPackKind.Map, 2) => 0xde,
            (MsgPackKind.Map, 4) => 0xdf,
            _ => throw new ArgumentOutOfRangeException(nameof(width), width, $"No {kind} form of that width."),
        };
        var header = new byte[1 + width];
        header[0] = code;
        WriteField(header.AsSpan(1), length);
        return header;
    }

    /// <summary>The narrowest header for <paramref name="length"/>, as a conforming writer would choose.</summary>
    public static byte[] SmallestHeader(MsgPackKind kind, long length)
    {
        int fixLimit = kind switch
        {
            MsgPackKind.String => 31,
            MsgPackKind.Array or MsgPackKind.Map => 15,
            _ => -1,
        };
        int width = length <= fixLimit ? 0
            : length <= 0xff && kind is MsgPackKind.String or MsgPackKind.Binary ? 1
            : length <= 0xffff ? 2
            : 4;
        return Header(kind, length, width);
    }

    /// <summary>An extension header of the narrowest form for <paramref name="length"/>, type byte included.</summary>
    public static byte[] ExtensionHeader(int length, sbyte type) => length switch
    {
        1 => [0xd4, (byte)type],
        2 => [0xd5, (byte)type],
        4 => [0xd6, (byte)type],
        8 => [0xd7, (byte)type],
        16 => [0xd8, (byte)type],
        <= 0xff => [0xc7, (byte)length, (byte)type],
        <= 0xffff => [0xc8, (byte)(length >> 8), (byte)length, (byte)type],
        _ => [0xc9, (byte)(length >> 24), (byte)(length >> 16), (byte)(length >> 8), (byte)length, (byte)type],
    };

    /// <summary>All encodings of <paramref name="value"/> the spec allows (a reader must take each).</summary>
    public static List<byte[]> IntegerForms(long value)
    {
        var forms = new List<byte[]>();
        if (value is >= 0 and <= 0x7f || value is >= -32 and < 0)
        {
            forms.Add([(byte)value]);
        }

        if (value is >= 0 and <= byte.MaxValue)
        {
            forms.Add([0xcc, (byte)value]);
        }

        if (value is >= 0 and <= ushort.MaxValue)
        {
            forms.Add(Fixed(0xcd, value, 2));
        }

        if (value is >= 0 and <= uint.MaxValue)
        {
            forms.Add(Fixed(0xce, value, 4));
        }

        if (value >= 0)
        {
            forms.Add(Fixed(0xcf, value, 8));
        }

        if (value is >= sbyte.MinValue and <= sbyte.MaxValue)
        {
            forms.Add([0xd0, (byte)value]);
        }

        if (value is >= short.MinValue and <= short.MaxValue)
        {
            forms.Add(Fixed(0xd1, value, 2));
        }

        if (value is >= int.MinValue and <= int.MaxValue)
        {
            forms.Add(Fixed(0xd2, value, 4));
        }

        forms.Add(Fixed(0xd3, value, 8));
        return forms;
    }

    /// <summary>Writes <paramref name="value"/> big-endian into the whole of <paramref name="field"/> (1, 2, 4 or 8 bytes), truncating.</summary>
    public static void WriteField(Span<byte> field, long value)
    {
        switch (field.Length)
        {
            case 1:
                field[0] = (byte)value;
                break;
            case 2:
                BinaryPrimitives.WriteUInt16BigEndian(field, (ushort)value);
                break;
            case 4:
                BinaryPrimitives.WriteUInt32BigEndian(field, (uint)value);
                break;
            default:
                BinaryPrimitives.WriteInt64BigEndian(field, value);
                break;
        }
    }

    private static byte[] Fixed(byte code, long value, int width)
    {
        var bytes = new byte[1 + width];
        bytes[0] = code;
        WriteField(bytes.AsSpan(1), value);
        return bytes;
    }

    /// <summary>The value of a complete integer item (a uint64 above long.MaxValue comes out negative).</summary>
    public static long ReadInteger(ReadOnlySpan<byte> encoded)
    {
        byte code = encoded[0];
        if (code <= 0x7f || code >= 0xe0)
        {
            return code <= 0x7f ? code : unchecked((sbyte)code);
        }

        ulong raw = 0;
        foreach (byte b in encoded[1..])
        {
            raw = (raw << 8) | b;
        }

        int width = encoded.Length - 1;
        if (code >= 0xd0 && width < 8 && (raw & (1UL << ((width * 8) - 1))) != 0)
        {
            raw |= ulong.MaxValue << (width * 8); // sign-extend
        }

        return unchecked((long)raw);
    }
}
