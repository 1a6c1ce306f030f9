using System.Buffers.Binary;
using System.Globalization;
using System.Text.Json;
using FastFormatters.Core.Tests.MessagePack;

namespace FastFormatters.IntegrationTests.Infrastructure;

/// <summary>
/// MessagePack documents decoded by the tests' own spec decoder (<see cref="MsgPackDecoder"/>, independent of the
/// library's reader), and a comparison of that tree with a JSON document: the "same data in every format" invariant,
/// checked from the outside.
/// </summary>
public static class MessagePackTree
{
    /// <summary>Decodes a whole document into maps (ordered key/value lists), lists, numbers, strings, booleans, bytes and null.</summary>
    public static object? Decode(byte[] data) => ToTree(MsgPackDecoder.Decode(data));

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

    // The shared spec decoder's tree, in the shape these tests compare: string-keyed entry lists, doubles for both
    // float sizes, and timestamps as the ISO 8601 text JSON carries for a UTC date; no other extension is expected.
    private static object? ToTree(object? value) => value switch
    {
        MsgMap map => map.Select(entry => new KeyValuePair<string, object?>(Assert.IsType<string>(entry.Key), ToTree(entry.Value))).ToList(),
        List<object?> list => list.Select(ToTree).ToList(),
        float single => (double)single,
        MsgExt { Type: -1 } timestamp => TimestampText(timestamp.Data),
        MsgExt extension => throw new Xunit.Sdk.XunitException($"Unexpected MessagePack extension of type {extension.Type}."),
        _ => value,
    };

    // Decoded by the MessagePack spec (seconds and nanoseconds since the epoch, in 4, 8 or 12 bytes).
    private static string TimestampText(byte[] data)
    {
        (long seconds, long nanoseconds) = data.Length switch
        {
            4 => (BinaryPrimitives.ReadUInt32BigEndian(data), 0L),
            8 => ((long)(BinaryPrimitives.ReadUInt64BigEndian(data) & 0x3_FFFF_FFFFUL), (long)(BinaryPrimitives.ReadUInt64BigEndian(data) >> 34)),
            12 => (BinaryPrimitives.ReadInt64BigEndian(data.AsSpan(4)), BinaryPrimitives.ReadUInt32BigEndian(data)),
            _ => throw new Xunit.Sdk.XunitException($"A timestamp of {data.Length} bytes."),
        };
        var instant = DateTime.UnixEpoch.AddSeconds(seconds).AddTicks(nanoseconds / 100);
        return instant.ToString("yyyy'-'MM'-'dd'T'HH':'mm':'ss.FFFFFFF'Z'", CultureInfo.InvariantCulture);
    }
}
