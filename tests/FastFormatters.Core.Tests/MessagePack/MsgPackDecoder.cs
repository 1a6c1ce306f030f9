using System.Buffers.Binary;
using System.Text;

namespace FastFormatters.Core.Tests.MessagePack;

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
