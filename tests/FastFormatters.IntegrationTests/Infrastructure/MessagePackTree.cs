using System.Buffers.Binary;
using System.Globalization;
using System.Text;
using System.Text.Json;

namespace FastFormatters.IntegrationTests.Infrastructure;

/// <summary>
/// A small MessagePack decoder written for the tests, independent of the library's reader, and a comparison of its
/// tree with a JSON document: the "same data in every format" invariant, checked from the outside.
/// </summary>
public static class MessagePackTree
{
    /// <summary>Decodes a whole document into maps (ordered key/value lists), lists, numbers, strings, booleans, bytes and null.</summary>
    public static object? Decode(byte[] data)
    {
        int position = 0;
        var value = Read(data, ref position);
        Assert.Equal(data.Length, position);
        return value;
    }

    /// <summary>
    /// Asserts that <paramref name="tree"/> holds the same data as <paramref name="json"/>: same keys in the same order,
    /// same values. The documented differences: a MessagePack string holding a decimal stands for a JSON number of that
    /// value (decimals are exact strings in MessagePack); MessagePack bytes stand for a base64 JSON string.
    /// </summary>
    public static void AssertSameData(JsonElement json, object? tree, string path = "$")
    {
        switch (json.ValueKind)
        {
            case JsonValueKind.Object:
                var map = Assert.IsType<List<KeyValuePair<string, object?>>>(tree);
                var properties = json.EnumerateObject().ToList();
                Assert.True(properties.Select(p => p.Name).SequenceEqual(map.Select(e => e.Key)),
                    $"{path}: keys differ: json [{string.Join(",", properties.Select(p => p.Name))}] msgpack [{string.Join(",", map.Select(e => e.Key))}]");
                for (int i = 0; i < properties.Count; i++)
                {
                    AssertSameData(properties[i].Value, map[i].Value, path + "." + properties[i].Name);
                }

                break;
            case JsonValueKind.Array:
                var list = Assert.IsType<List<object?>>(tree);
                Assert.True(json.GetArrayLength() == list.Count, $"{path}: lengths differ");
                int index = 0;
                foreach (var item in json.EnumerateArray())
                {
                    AssertSameData(item, list[index], $"{path}[{index}]");
                    index++;
                }

                break;
            case JsonValueKind.String:
                if (tree is byte[] bytes)
                {
                    Assert.Equal(json.GetString(), Convert.ToBase64String(bytes));
                }
                else
                {
                    Assert.True(json.GetString() == (string?)tree, $"{path}: '{json.GetString()}' vs '{tree}'");
                }

                break;
            case JsonValueKind.Number:
                decimal expected = json.GetDecimal();
                decimal actual = tree switch
                {
                    long l => l,
                    ulong u => u,
                    double d => (decimal)d,
                    string s => decimal.Parse(s, NumberStyles.Float, CultureInfo.InvariantCulture),
                    _ => throw new Xunit.Sdk.XunitException($"{path}: a number in JSON, {tree?.GetType().Name ?? "null"} in MessagePack"),
                };
                Assert.True(expected == actual, $"{path}: {expected} vs {actual}");
                break;
            case JsonValueKind.True:
            case JsonValueKind.False:
                Assert.True(json.GetBoolean().Equals(tree), $"{path}: {json.GetBoolean()} vs {tree}");
                break;
            default:
                Assert.True(tree is null, $"{path}: null vs {tree}");
                break;
        }
    }

    private static object? Read(byte[] data, ref int position)
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
                return ReadString(data, ref position, code & 0x1f);
            case 0xc0:
                return null;
            case 0xc2:
                return false;
            case 0xc3:
                return true;
            case 0xc4:
                return Slice(data, ref position, Length(data, ref position, 1)).ToArray();
            case 0xc5:
                return Slice(data, ref position, Length(data, ref position, 2)).ToArray();
            case 0xc6:
                return Slice(data, ref position, Length(data, ref position, 4)).ToArray();
            case 0xca:
                return (double)BinaryPrimitives.ReadSingleBigEndian(Slice(data, ref position, 4));
            case 0xcb:
                return BinaryPrimitives.ReadDoubleBigEndian(Slice(data, ref position, 8));
            case 0xcc:
                return (long)Slice(data, ref position, 1)[0];
            case 0xcd:
                return (long)BinaryPrimitives.ReadUInt16BigEndian(Slice(data, ref position, 2));
            case 0xce:
                return (long)BinaryPrimitives.ReadUInt32BigEndian(Slice(data, ref position, 4));
            case 0xcf:
                ulong large = BinaryPrimitives.ReadUInt64BigEndian(Slice(data, ref position, 8));
                return large <= long.MaxValue ? (long)large : large;
            case 0xd0:
                return (long)(sbyte)Slice(data, ref position, 1)[0];
            case 0xd1:
                return (long)BinaryPrimitives.ReadInt16BigEndian(Slice(data, ref position, 2));
            case 0xd2:
                return (long)BinaryPrimitives.ReadInt32BigEndian(Slice(data, ref position, 4));
            case 0xd3:
                return BinaryPrimitives.ReadInt64BigEndian(Slice(data, ref position, 8));
            case 0xd9:
                return ReadString(data, ref position, Length(data, ref position, 1));
            case 0xda:
                return ReadString(data, ref position, Length(data, ref position, 2));
            case 0xdb:
                return ReadString(data, ref position, Length(data, ref position, 4));
            case 0xdc:
                return ReadArray(data, ref position, Length(data, ref position, 2));
            case 0xdd:
                return ReadArray(data, ref position, Length(data, ref position, 4));
            case 0xde:
                return ReadMap(data, ref position, Length(data, ref position, 2));
            case 0xdf:
                return ReadMap(data, ref position, Length(data, ref position, 4));
            default:
                throw new Xunit.Sdk.XunitException($"Unexpected MessagePack code 0x{code:X2} at {position - 1}.");
        }
    }

    private static List<KeyValuePair<string, object?>> ReadMap(byte[] data, ref int position, int count)
    {
        var map = new List<KeyValuePair<string, object?>>(count);
        for (int i = 0; i < count; i++)
        {
            var key = Assert.IsType<string>(Read(data, ref position));
            map.Add(new(key, Read(data, ref position)));
        }

        return map;
    }

    private static List<object?> ReadArray(byte[] data, ref int position, int count)
    {
        var list = new List<object?>(count);
        for (int i = 0; i < count; i++)
        {
            list.Add(Read(data, ref position));
        }

        return list;
    }

    private static string ReadString(byte[] data, ref int position, int length)
        => new UTF8Encoding(false, throwOnInvalidBytes: true).GetString(Slice(data, ref position, length));

    private static int Length(byte[] data, ref int position, int size) => size switch
    {
        1 => Slice(data, ref position, 1)[0],
        2 => BinaryPrimitives.ReadUInt16BigEndian(Slice(data, ref position, 2)),
        _ => checked((int)BinaryPrimitives.ReadUInt32BigEndian(Slice(data, ref position, 4))),
    };

    private static ReadOnlySpan<byte> Slice(byte[] data, ref int position, int length)
    {
        var slice = data.AsSpan(position, length);
        position += length;
        return slice;
    }
}
