using System.Buffers;
using System.Buffers.Binary;
using System.Text;
using FastFormatters.MessagePack;
using FastFormatters.Serialization;

namespace FastFormatters.Tests.MessagePack;

/// <summary>Writes through a <see cref="MessagePackWriter"/> passed by reference.</summary>
internal delegate void WriterAction(ref MessagePackWriter writer);

/// <summary>Shared setup for the MessagePack tests: one serializer per options, bytes in and out, hex.</summary>
internal static class MsgPackTestHelpers
{
    private static readonly FastSerializer s_default = new(new FastFormattersOptions());

    public static FastSerializer Serializer(FastFormattersOptions? options = null)
        => options is null ? s_default : new FastSerializer(options);

    public static FastFormattersOptions Options(Action<FastFormattersOptions> configure)
    {
        var options = new FastFormattersOptions();
        configure(options);
        return options;
    }

    public static byte[] Serialize<T>(T value, FastFormattersOptions? options = null) => Serialize(Serializer(options), value);

    public static byte[] Serialize<T>(FastSerializer serializer, T value)
    {
        var buffer = new ArrayBufferWriter<byte>();
        serializer.SerializeMessagePack(buffer, value);
        return buffer.WrittenSpan.ToArray();
    }

    public static byte[] SerializeBoxed(object? value, Type type, FastFormattersOptions? options = null)
    {
        var buffer = new ArrayBufferWriter<byte>();
        Serializer(options).SerializeMessagePack(buffer, value, type);
        return buffer.WrittenSpan.ToArray();
    }

    public static string SerializeJson<T>(T value, FastFormattersOptions? options = null)
    {
        var buffer = new ArrayBufferWriter<byte>();
        Serializer(options).SerializeJson(buffer, value);
        return Encoding.UTF8.GetString(buffer.WrittenSpan);
    }

    public static T Deserialize<T>(byte[] data, FastFormattersOptions? options = null) => Serializer(options).DeserializeMessagePack<T>(data);

    public static object? DeserializeBoxed(byte[] data, Type type, FastFormattersOptions? options = null)
        => Serializer(options).DeserializeMessagePack(data, type);

    /// <summary>Serializes, reads back (generic and boxed entry points agree), returns what was read.</summary>
    public static T RoundTrip<T>(T value, FastFormattersOptions? options = null)
    {
        byte[] bytes = Serialize(value, options);
        Assert.Equal(bytes, SerializeBoxed(value, typeof(T), options));
        var read = Deserialize<T>(bytes, options);
        var boxed = DeserializeBoxed(bytes, typeof(T), options);
        Assert.Equal(Hex(Serialize(read, options)), Hex(Serialize((T)boxed!, options)));
        return read;
    }

    /// <summary>Asserts the exact bytes of <paramref name="value"/> and that they read back equal.</summary>
    public static void AssertRoundTrip<T>(T value, string expectedHex, FastFormattersOptions? options = null)
    {
        Assert.Equal(Normalize(expectedHex), Hex(Serialize(value, options)));
        Assert.Equal(value, RoundTrip(value, options));
    }

    public static void AssertRoundTrip<T>(T value, FastFormattersOptions? options = null) => Assert.Equal(value, RoundTrip(value, options));

    /// <summary>Asserts that reading <paramref name="data"/> as <typeparamref name="T"/> fails with a MessagePack <see cref="FormatReadException"/>.</summary>
    public static FormatReadException ReadFails<T>(byte[] data, FastFormattersOptions? options = null)
    {
        var exception = Assert.Throws<FormatReadException>(() => Deserialize<T>(data, options));
        Assert.Equal("msgpack", exception.Format);
        return exception;
    }

    public static FormatReadException ReadFails(byte[] data, Type type, FastFormattersOptions? options = null)
    {
        var exception = Assert.Throws<FormatReadException>(() => DeserializeBoxed(data, type, options));
        Assert.Equal("msgpack", exception.Format);
        return exception;
    }

    /// <summary>Bytes from hex, spaces ignored: <c>"cd 01 00"</c>.</summary>
    public static byte[] Bytes(string hex) => Convert.FromHexString(Normalize(hex));

    /// <summary>Lower-case hex without spaces.</summary>
    public static string Hex(ReadOnlySpan<byte> bytes) => Convert.ToHexStringLower(bytes);

    public static string Normalize(string hex) => hex.Replace(" ", string.Empty, StringComparison.Ordinal).ToLowerInvariant();

    public static byte[] Concat(params byte[][] parts) => parts.SelectMany(part => part).ToArray();

    public static byte[] Repeat(byte[] unit, int count)
    {
        var result = new byte[unit.Length * count];
        for (int i = 0; i < count; i++)
        {
            unit.CopyTo(result, i * unit.Length);
        }

        return result;
    }

    /// <summary>What <see cref="MessagePackWriter"/> writes for <paramref name="action"/>.</summary>
    public static byte[] Write(WriterAction action, int maxDepth = 500)
    {
        var buffer = new ArrayBufferWriter<byte>();
        var writer = new MessagePackWriter(buffer, maxDepth);
        action(ref writer);
        writer.Flush();
        return buffer.WrittenSpan.ToArray();
    }

    /// <summary>The header of a str of <paramref name="length"/> bytes, per the spec.</summary>
    public static string StrHeader(int length) => length switch
    {
        <= 31 => (0xa0 | length).ToString("x2"),
        <= 0xff => "d9" + length.ToString("x2"),
        <= 0xffff => "da" + length.ToString("x4"),
        _ => "db" + length.ToString("x8"),
    };

    /// <summary>A MessagePack string, encoded by the spec (independently of the library).</summary>
    public static string Str(string text)
    {
        byte[] utf8 = Encoding.UTF8.GetBytes(text);
        return StrHeader(utf8.Length) + Hex(utf8);
    }
}

/// <summary>An extension value as decoded by <see cref="MsgPackDecoder"/>.</summary>
internal sealed record MsgExt(sbyte Type, byte[] Data);

/// <summary>A map as decoded by <see cref="MsgPackDecoder"/>: entries in wire order.</summary>
internal sealed class MsgMap : List<KeyValuePair<object?, object?>>
{
    public IEnumerable<object?> Keys => this.Select(entry => entry.Key);

    public object? this[string key] => this.Single(entry => Equals(entry.Key, key)).Value;
}

/// <summary>
/// A small MessagePack decoder written from the spec, independent of the library, so tests can look at what was written:
/// maps become <see cref="MsgMap"/>, arrays <c>List&lt;object?&gt;</c>, integers <see cref="long"/> (or <see cref="ulong"/>
/// above long.MaxValue), float32 <see cref="float"/>, float64 <see cref="double"/>, str <see cref="string"/>, bin
/// <c>byte[]</c>, ext <see cref="MsgExt"/>.
/// </summary>
internal static class MsgPackDecoder
{
    public static object? Decode(ReadOnlySpan<byte> data)
    {
        int position = 0;
        var value = Read(data, ref position);
        Assert.Equal(data.Length, position);
        return value;
    }

    /// <summary>The keys of the top-level map, in order; asserts they are strings and that the header count is exact.</summary>
    public static List<string> MapKeys(ReadOnlySpan<byte> data)
    {
        var map = Assert.IsType<MsgMap>(Decode(data));
        return map.Keys.Select(key => Assert.IsType<string>(key)).ToList();
    }

    /// <summary>The element count stated by the header of the map at the start of <paramref name="data"/>.</summary>
    public static int MapHeaderCount(ReadOnlySpan<byte> data) => data[0] switch
    {
        >= 0x80 and <= 0x8f => data[0] & 0x0f,
        0xde => BinaryPrimitives.ReadUInt16BigEndian(data[1..]),
        0xdf => checked((int)BinaryPrimitives.ReadUInt32BigEndian(data[1..])),
        _ => throw new InvalidOperationException($"Not a map header: 0x{data[0]:x2}"),
    };

    private static object? Read(ReadOnlySpan<byte> data, ref int position)
    {
        byte code = data[position++];
        switch (code)
        {
            case <= 0x7f:
                return (long)code;
            case >= 0xe0:
                return (long)(sbyte)code;
            case >= 0x80 and <= 0x8f:
                return ReadMap(data, ref position, code & 0x0f);
            case >= 0x90 and <= 0x9f:
                return ReadArray(data, ref position, code & 0x0f);
            case >= 0xa0 and <= 0xbf:
                return ReadStr(data, ref position, code & 0x1f);
            case 0xc0:
                return null;
            case 0xc2:
                return false;
            case 0xc3:
                return true;
            case 0xc4:
                return Take(data, ref position, Take(data, ref position, 1)[0]).ToArray();
            case 0xc5:
                return Take(data, ref position, BinaryPrimitives.ReadUInt16BigEndian(Take(data, ref position, 2))).ToArray();
            case 0xc6:
                return Take(data, ref position, checked((int)BinaryPrimitives.ReadUInt32BigEndian(Take(data, ref position, 4)))).ToArray();
            case 0xc7:
                return ReadExt(data, ref position, Take(data, ref position, 1)[0]);
            case 0xc8:
                return ReadExt(data, ref position, BinaryPrimitives.ReadUInt16BigEndian(Take(data, ref position, 2)));
            case 0xc9:
                return ReadExt(data, ref position, checked((int)BinaryPrimitives.ReadUInt32BigEndian(Take(data, ref position, 4))));
            case 0xca:
                return BinaryPrimitives.ReadSingleBigEndian(Take(data, ref position, 4));
            case 0xcb:
                return BinaryPrimitives.ReadDoubleBigEndian(Take(data, ref position, 8));
            case 0xcc:
                return (long)Take(data, ref position, 1)[0];
            case 0xcd:
                return (long)BinaryPrimitives.ReadUInt16BigEndian(Take(data, ref position, 2));
            case 0xce:
                return (long)BinaryPrimitives.ReadUInt32BigEndian(Take(data, ref position, 4));
            case 0xcf:
                ulong large = BinaryPrimitives.ReadUInt64BigEndian(Take(data, ref position, 8));
                return large <= long.MaxValue ? (long)large : large;
            case 0xd0:
                return (long)(sbyte)Take(data, ref position, 1)[0];
            case 0xd1:
                return (long)BinaryPrimitives.ReadInt16BigEndian(Take(data, ref position, 2));
            case 0xd2:
                return (long)BinaryPrimitives.ReadInt32BigEndian(Take(data, ref position, 4));
            case 0xd3:
                return BinaryPrimitives.ReadInt64BigEndian(Take(data, ref position, 8));
            case 0xd4:
                return ReadExt(data, ref position, 1);
            case 0xd5:
                return ReadExt(data, ref position, 2);
            case 0xd6:
                return ReadExt(data, ref position, 4);
            case 0xd7:
                return ReadExt(data, ref position, 8);
            case 0xd8:
                return ReadExt(data, ref position, 16);
            case 0xd9:
                return ReadStr(data, ref position, Take(data, ref position, 1)[0]);
            case 0xda:
                return ReadStr(data, ref position, BinaryPrimitives.ReadUInt16BigEndian(Take(data, ref position, 2)));
            case 0xdb:
                return ReadStr(data, ref position, checked((int)BinaryPrimitives.ReadUInt32BigEndian(Take(data, ref position, 4))));
            case 0xdc:
                return ReadArray(data, ref position, BinaryPrimitives.ReadUInt16BigEndian(Take(data, ref position, 2)));
            case 0xdd:
                return ReadArray(data, ref position, checked((int)BinaryPrimitives.ReadUInt32BigEndian(Take(data, ref position, 4))));
            case 0xde:
                return ReadMap(data, ref position, BinaryPrimitives.ReadUInt16BigEndian(Take(data, ref position, 2)));
            case 0xdf:
                return ReadMap(data, ref position, checked((int)BinaryPrimitives.ReadUInt32BigEndian(Take(data, ref position, 4))));
            default:
                throw new InvalidOperationException($"The byte 0x{code:x2} is never used.");
        }
    }

    private static ReadOnlySpan<byte> Take(ReadOnlySpan<byte> data, ref int position, int length)
    {
        var slice = data.Slice(position, length);
        position += length;
        return slice;
    }

    private static string ReadStr(ReadOnlySpan<byte> data, ref int position, int length)
        => new UTF8Encoding(false, throwOnInvalidBytes: true).GetString(Take(data, ref position, length));

    private static MsgExt ReadExt(ReadOnlySpan<byte> data, ref int position, int length)
    {
        sbyte type = (sbyte)Take(data, ref position, 1)[0];
        return new MsgExt(type, Take(data, ref position, length).ToArray());
    }

    private static List<object?> ReadArray(ReadOnlySpan<byte> data, ref int position, int count)
    {
        var list = new List<object?>();
        for (int i = 0; i < count; i++)
        {
            list.Add(Read(data, ref position));
        }

        return list;
    }

    private static MsgMap ReadMap(ReadOnlySpan<byte> data, ref int position, int count)
    {
        var map = new MsgMap();
        for (int i = 0; i < count; i++)
        {
            var key = Read(data, ref position);
            map.Add(new(key, Read(data, ref position)));
        }

        return map;
    }
}
