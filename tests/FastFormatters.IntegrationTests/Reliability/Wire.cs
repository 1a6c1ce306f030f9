using System.Buffers.Binary;
using System.Globalization;
using System.Text;
using System.Text.Json;
using FastFormatters.IntegrationTests.Infrastructure;
using FastFormatters.Core.Tests.Jmc;

namespace FastFormatters.IntegrationTests.Reliability;

/// <summary>The formats of the corpus: names as the tests use them.</summary>
public static class Fmt
{
    public const string Json = "json";
    public const string Jsonc = "jsonc";
    public const string MsgPack = "msgpack";

    /// <summary>MessagePack framed in LZ4 blocks (MessagePack-CSharp's Lz4BlockArray); answered as plain MessagePack.</summary>
    public const string MsgPackLz4 = "msgpack+lz4";
}

/// <summary>A string whose UTF-8 bytes are given as they are, valid or not: how invalid UTF-8 gets into a body.</summary>
public sealed record Utf8Raw(byte[] Bytes);

/// <summary>JSON text written as it is (numbers such as <c>1e400</c> that no .NET value holds). JSON and JMC1 only.</summary>
public sealed record RawJson(string Text);

/// <summary>
/// The tests' own writers and readers for every format, independent of the library, over one small value tree:
/// <c>null</c>, <see cref="bool"/>, <see cref="long"/>, <see cref="ulong"/>, <see cref="double"/>, <see cref="string"/>,
/// <see cref="List{T}"/> of <c>object?</c> (an array) and <see cref="List{T}"/> of key/value pairs (a map, keys in
/// order, duplicates allowed). These are the types <see cref="MessagePackTree.Decode"/> produces, so a response in any
/// format decodes to a tree comparable with the one that was sent.
/// </summary>
public static class Wire
{

    public static readonly byte[] JmcHeader = "/*JMC1*/"u8.ToArray();

    /// <summary>The request Content-Type of a format.</summary>
    public static string ContentType(string format) => format switch
    {
        Fmt.Json => "application/json",
        Fmt.Jsonc => "application/jsonc",
        _ => "application/x-msgpack",
    };

    /// <summary>The Accept header that asks for a response in a format (LZ4 responses are off in the sample).</summary>
    public static string Accept(string format) => ContentType(format);

    public static List<KeyValuePair<string, object?>> Map(params (string Key, object? Value)[] entries)
        => [.. entries.Select(e => new KeyValuePair<string, object?>(e.Key, e.Value))];

    public static List<object?> Array(params object?[] items) => [.. items];

    /// <summary>Encodes a tree in a format; <see cref="MessagePackLz4"/> frames the MessagePack in literal-only LZ4 blocks.</summary>
    public static byte[] Encode(string format, object? tree) => format switch
    {
        Fmt.Json => EncodeJson(tree),
        Fmt.Jsonc => EncodeJmc(tree),
        Fmt.MsgPack => EncodeMessagePack(tree),
        Fmt.MsgPackLz4 => Lz4.Frame(EncodeMessagePack(tree)),
        _ => throw new ArgumentOutOfRangeException(nameof(format), format, null),
    };

    // ---------------------------------------------------------------- JSON and JMC1

    public static byte[] EncodeJson(object? tree)
    {
        var output = new MemoryStream();
        WriteJson(output, tree, jmc: false);
        return output.ToArray();
    }

    /// <summary>JMC1: the header, then compact JSON with a length comment before every string, key, array and map it can carry one.</summary>
    public static byte[] EncodeJmc(object? tree, bool comments = true)
    {
        var output = new MemoryStream();
        output.Write(JmcHeader);
        WriteJson(output, tree, comments);
        return output.ToArray();
    }

    /// <summary>A JMC1 length comment for <paramref name="n"/>, whatever it is (lying ones included).</summary>
    public static byte[] JmcComment(int n)
    {
        int value = n + 0x130;
        return [(byte)'/', (byte)'*', (byte)value, (byte)(value >> 8), (byte)'*', (byte)'/'];
    }

    /// <summary>Whether JMC1 gives a length a comment: at most 32,207, and never 11,770 (its bytes would close the comment).</summary>
    public static bool JmcEncodable(int n) => n <= 32207 && n != 11770;

    /// <summary>The bytes between a string's quotes as the test writers write them: minimal escaping, UTF-8.</summary>
    public static byte[] EscapedString(string value)
    {
        var builder = new StringBuilder(value.Length + 2);
        foreach (char c in value)
        {
            switch (c)
            {
                case '"':
                    builder.Append("\\\"");
                    break;
                case '\\':
                    builder.Append("\\\\");
                    break;
                case < ' ':
                    builder.Append(CultureInfo.InvariantCulture, $"\\u{(int)c:x4}");
                    break;
                default:
                    builder.Append(c);
                    break;
            }
        }

        return new UTF8Encoding(false, throwOnInvalidBytes: true).GetBytes(builder.ToString());
    }

    private static void WriteJson(Stream output, object? tree, bool jmc)
    {
        switch (tree)
        {
            case null:
                output.Write("null"u8);
                break;
            case bool b:
                output.Write(b ? "true"u8 : "false"u8);
                break;
            case long or ulong or int:
                output.Write(Encoding.ASCII.GetBytes(Convert.ToString(tree, CultureInfo.InvariantCulture)!));
                break;
            case double d:
                output.Write(Encoding.ASCII.GetBytes(d.ToString("R", CultureInfo.InvariantCulture)));
                break;
            case RawJson raw:
                output.Write(Encoding.UTF8.GetBytes(raw.Text));
                break;
            case string or Utf8Raw:
                WriteJsonString(output, tree, jmc);
                break;
            case List<object?> array:
                if (jmc && JmcEncodable(array.Count))
                {
                    output.Write(JmcComment(array.Count));
                }

                output.WriteByte((byte)'[');
                for (int i = 0; i < array.Count; i++)
                {
                    if (i > 0)
                    {
                        output.WriteByte((byte)',');
                    }

                    WriteJson(output, array[i], jmc);
                }

                output.WriteByte((byte)']');
                break;
            case List<KeyValuePair<string, object?>> map:
                WriteJsonMap(output, map.Select(e => new KeyValuePair<object, object?>(e.Key, e.Value)).ToList(), jmc);
                break;
            case List<KeyValuePair<object, object?>> rawMap:
                WriteJsonMap(output, rawMap, jmc);
                break;
            default:
                throw new ArgumentException($"No JSON for {tree.GetType()}.");
        }
    }

    private static void WriteJsonMap(Stream output, List<KeyValuePair<object, object?>> map, bool jmc)
    {
        if (jmc && JmcEncodable(map.Count))
        {
            output.Write(JmcComment(map.Count));
        }

        output.WriteByte((byte)'{');
        for (int i = 0; i < map.Count; i++)
        {
            if (i > 0)
            {
                output.WriteByte((byte)',');
            }

            WriteJsonString(output, map[i].Key, jmc);
            output.WriteByte((byte)':');
            WriteJson(output, map[i].Value, jmc);
        }

        output.WriteByte((byte)'}');
    }

    private static void WriteJsonString(Stream output, object value, bool jmc)
    {
        byte[] bytes = value is Utf8Raw raw ? raw.Bytes : EscapedString((string)value);
        if (jmc && JmcEncodable(bytes.Length))
        {
            output.Write(JmcComment(bytes.Length));
        }

        output.WriteByte((byte)'"');
        output.Write(bytes);
        output.WriteByte((byte)'"');
    }

    // ---------------------------------------------------------------- MessagePack

    public static byte[] EncodeMessagePack(object? tree)
    {
        var output = new MemoryStream();
        WriteMessagePack(output, tree);
        return output.ToArray();
    }

    /// <summary>A str header for a length, in the smallest form (or <paramref name="code"/>'s form when given).</summary>
    public static byte[] MessagePackStringHeader(long length, byte? code = null)
    {
        code ??= length switch
        {
            < 32 => (byte)(0xa0 | length),
            <= byte.MaxValue => 0xd9,
            <= ushort.MaxValue => 0xda,
            _ => 0xdb,
        };
        return code switch
        {
            0xd9 => [0xd9, (byte)length],
            0xda => [0xda, (byte)(length >> 8), (byte)length],
            0xdb => [0xdb, (byte)(length >> 24), (byte)(length >> 16), (byte)(length >> 8), (byte)length],
            _ => [(byte)(0xa0 | length)],
        };
    }

    private static void WriteMessagePack(Stream output, object? tree)
    {
        switch (tree)
        {
            case null:
                output.WriteByte(0xc0);
                break;
            case bool b:
                output.WriteByte(b ? (byte)0xc3 : (byte)0xc2);
                break;
            case int i:
                WriteMessagePack(output, (long)i);
                break;
            case long l:
                WriteInteger(output, l);
                break;
            case ulong u when u <= long.MaxValue:
                WriteInteger(output, (long)u);
                break;
            case ulong u:
                output.WriteByte(0xcf);
                WriteBigEndian(output, u, 8);
                break;
            case double d:
                output.WriteByte(0xcb);
                WriteBigEndian(output, (ulong)BitConverter.DoubleToInt64Bits(d), 8);
                break;
            case string or Utf8Raw:
                byte[] bytes = tree is Utf8Raw raw ? raw.Bytes : Encoding.UTF8.GetBytes((string)tree);
                output.Write(MessagePackStringHeader(bytes.Length));
                output.Write(bytes);
                break;
            case List<object?> array:
                WriteCollectionHeader(output, array.Count, 0x90, 0xdc, 0xdd);
                foreach (var item in array)
                {
                    WriteMessagePack(output, item);
                }

                break;
            case List<KeyValuePair<string, object?>> map:
                WriteMap(output, map);
                break;
            case List<KeyValuePair<object, object?>> rawMap:
                WriteMap(output, rawMap);
                break;
            default:
                throw new ArgumentException($"No MessagePack for {tree.GetType()}.");
        }
    }

    private static void WriteMap<TKey>(Stream output, List<KeyValuePair<TKey, object?>> map)
    {
        WriteCollectionHeader(output, map.Count, 0x80, 0xde, 0xdf);
        foreach (var (key, value) in map)
        {
            WriteMessagePack(output, key);
            WriteMessagePack(output, value);
        }
    }

    private static void WriteInteger(Stream output, long value)
    {
        switch (value)
        {
            case >= 0 and <= 0x7f:
            case >= -32 and < 0:
                output.WriteByte((byte)value);
                break;
            case > 0 and <= byte.MaxValue:
                output.WriteByte(0xcc);
                output.WriteByte((byte)value);
                break;
            case > 0 and <= ushort.MaxValue:
                output.WriteByte(0xcd);
                WriteBigEndian(output, (ulong)value, 2);
                break;
            case > 0 and <= uint.MaxValue:
                output.WriteByte(0xce);
                WriteBigEndian(output, (ulong)value, 4);
                break;
            case > 0:
                output.WriteByte(0xcf);
                WriteBigEndian(output, (ulong)value, 8);
                break;
            case >= sbyte.MinValue:
                output.WriteByte(0xd0);
                output.WriteByte((byte)value);
                break;
            case >= short.MinValue:
                output.WriteByte(0xd1);
                WriteBigEndian(output, (ulong)value, 2);
                break;
            case >= int.MinValue:
                output.WriteByte(0xd2);
                WriteBigEndian(output, (ulong)value, 4);
                break;
            default:
                output.WriteByte(0xd3);
                WriteBigEndian(output, (ulong)value, 8);
                break;
        }
    }

    private static void WriteCollectionHeader(Stream output, int count, byte fix, byte code16, byte code32)
    {
        if (count < 16)
        {
            output.WriteByte((byte)(fix | count));
        }
        else if (count <= ushort.MaxValue)
        {
            output.WriteByte(code16);
            WriteBigEndian(output, (ulong)count, 2);
        }
        else
        {
            output.WriteByte(code32);
            WriteBigEndian(output, (ulong)count, 4);
        }
    }

    private static void WriteBigEndian(Stream output, ulong value, int size)
    {
        for (int shift = (size - 1) * 8; shift >= 0; shift -= 8)
        {
            output.WriteByte((byte)(value >> shift));
        }
    }

    // ---------------------------------------------------------------- reading responses

    /// <summary>Decodes a response body in its format into a tree; JMC1 comments are checked by the independent walker.</summary>
    public static object? Decode(string format, byte[] body) => format switch
    {
        Fmt.Json => FromJson(body),
        Fmt.Jsonc => FromJson(JmcWalker.CheckAndStrip(body, out _)),
        _ => MessagePackTree.Decode(body),
    };

    public static object? FromJson(byte[] json)
    {
        using var document = JsonDocument.Parse(json, new JsonDocumentOptions { MaxDepth = 2048 });
        return FromJson(document.RootElement);
    }

    private static object? FromJson(JsonElement element) => element.ValueKind switch
    {
        JsonValueKind.Object => element.EnumerateObject().Select(p => new KeyValuePair<string, object?>(p.Name, FromJson(p.Value))).ToList(),
        JsonValueKind.Array => element.EnumerateArray().Select(FromJson).ToList(),
        JsonValueKind.String => element.GetString(),
        JsonValueKind.Number => element.TryGetInt64(out long l) ? l : element.TryGetUInt64(out ulong u) ? u : element.GetDouble(),
        JsonValueKind.True => true,
        JsonValueKind.False => false,
        _ => null,
    };

    /// <summary>Asserts two trees hold the same data: same keys in the same order, numbers equal by value.</summary>
    public static void AssertSame(object? expected, object? actual, string path = "$")
    {
        switch (expected)
        {
            case List<KeyValuePair<string, object?>> map:
                var actualMap = Assert.IsType<List<KeyValuePair<string, object?>>>(actual);
                Assert.True(map.Count == actualMap.Count, $"{path}: {map.Count} members expected, {actualMap.Count} found.");
                for (int i = 0; i < map.Count; i++)
                {
                    Assert.True(map[i].Key == actualMap[i].Key, $"{path}: member {i} is '{Shorten(actualMap[i].Key)}', expected '{Shorten(map[i].Key)}'.");
                    AssertSame(map[i].Value, actualMap[i].Value, path + "." + map[i].Key);
                }

                break;
            case List<object?> array:
                var actualArray = Assert.IsType<List<object?>>(actual);
                Assert.True(array.Count == actualArray.Count, $"{path}: {array.Count} elements expected, {actualArray.Count} found.");
                for (int i = 0; i < array.Count; i++)
                {
                    AssertSame(array[i], actualArray[i], $"{path}[{i}]");
                }

                break;
            case long or ulong or int or double:
                Assert.True(actual is long or ulong or double, $"{path}: a number expected, {actual?.GetType().Name ?? "null"} found.");
                bool integral = expected is not double && actual is not double;
                bool equal = integral
                    ? Convert.ToDecimal(expected, CultureInfo.InvariantCulture) == Convert.ToDecimal(actual, CultureInfo.InvariantCulture)
                    : Convert.ToDouble(expected, CultureInfo.InvariantCulture).Equals(Convert.ToDouble(actual, CultureInfo.InvariantCulture));
                Assert.True(equal, $"{path}: {expected} expected, {actual} found.");
                break;
            case string text:
                Assert.True(actual is string s && s == text, $"{path}: '{Shorten(text)}' expected, '{Shorten(actual as string)}' found.");
                break;
            default:
                Assert.True(Equals(expected, actual), $"{path}: {expected ?? "null"} expected, {actual ?? "null"} found.");
                break;
        }
    }

    private static string? Shorten(string? text) => text is { Length: > 80 } ? text[..40] + $"…({text.Length} chars)" : text;

    // ---------------------------------------------------------------- LZ4

    /// <summary>
    /// MessagePack-CSharp's Lz4BlockArray framing, written by hand: an array of the lengths extension (type 98, each
    /// length a MessagePack int32) followed by each block as binary.
    /// </summary>
    public static class Lz4
    {
        public const int BlockSize = 64 * 1024;

        /// <summary>Frames <paramref name="payload"/> in literal-only blocks of at most 64 KiB, declaring the true lengths.</summary>
        public static byte[] Frame(byte[] payload)
        {
            var blocks = new List<(long Declared, byte[] Block)>();
            for (int offset = 0; offset < payload.Length || offset == 0; offset += BlockSize)
            {
                var slice = payload.AsSpan(offset, Math.Min(BlockSize, payload.Length - offset));
                blocks.Add((slice.Length, LiteralBlock(slice)));
                if (payload.Length == 0)
                {
                    break;
                }
            }

            return Frame(blocks);
        }

        /// <summary>A frame from blocks and the lengths they declare (which may lie).</summary>
        public static byte[] Frame(IReadOnlyList<(long Declared, byte[] Block)> blocks, IReadOnlyList<long>? declared = null)
        {
            declared ??= blocks.Select(b => b.Declared).ToList();
            var output = new MemoryStream();
            int elements = blocks.Count + 1;
            if (elements < 16)
            {
                output.WriteByte((byte)(0x90 | elements));
            }
            else
            {
                output.WriteByte(0xdc);
                output.WriteByte((byte)(elements >> 8));
                output.WriteByte((byte)elements);
            }

            var lengths = new MemoryStream();
            foreach (long length in declared)
            {
                lengths.WriteByte(0xd2);
                var int32 = new byte[4];
                BinaryPrimitives.WriteInt32BigEndian(int32, unchecked((int)length));
                lengths.Write(int32);
            }

            WriteExtension(output, 98, lengths.ToArray());
            foreach (var (_, block) in blocks)
            {
                WriteBinary(output, block);
            }

            return output.ToArray();
        }

        /// <summary>An LZ4 block of one sequence holding every byte as a literal: valid LZ4, no compression.</summary>
        public static byte[] LiteralBlock(ReadOnlySpan<byte> data)
        {
            var output = new MemoryStream(data.Length + (data.Length / 255) + 16);
            output.WriteByte((byte)(Math.Min(data.Length, 15) << 4));
            if (data.Length >= 15)
            {
                WriteExtraLength(output, data.Length - 15);
            }

            output.Write(data);
            return output.ToArray();
        }

        /// <summary>
        /// A block of <paramref name="prefix"/>, then <paramref name="run"/> copies of <paramref name="prefix"/>'s last
        /// byte (one match at offset 1, so about 255 output bytes per input byte), then <paramref name="suffix"/>.
        /// </summary>
        public static byte[] RunBlock(byte[] prefix, int run, byte[] suffix)
        {
            var output = new MemoryStream();
            int extra = run - 4;
            output.WriteByte((byte)((Math.Min(prefix.Length, 15) << 4) | Math.Min(extra, 15)));
            if (prefix.Length >= 15)
            {
                WriteExtraLength(output, prefix.Length - 15);
            }

            output.Write(prefix);
            output.WriteByte(1);
            output.WriteByte(0);
            if (extra >= 15)
            {
                WriteExtraLength(output, extra - 15);
            }

            output.Write(LiteralBlock(suffix));
            return output.ToArray();
        }

        private static void WriteExtraLength(Stream output, int length)
        {
            while (length >= 255)
            {
                output.WriteByte(255);
                length -= 255;
            }

            output.WriteByte((byte)length);
        }

        private static void WriteExtension(Stream output, sbyte type, byte[] data)
        {
            if (data.Length <= byte.MaxValue)
            {
                output.WriteByte(0xc7);
                output.WriteByte((byte)data.Length);
            }
            else
            {
                output.WriteByte(0xc8);
                output.WriteByte((byte)(data.Length >> 8));
                output.WriteByte((byte)data.Length);
            }

            output.WriteByte((byte)type);
            output.Write(data);
        }

        private static void WriteBinary(Stream output, byte[] data)
        {
            if (data.Length <= byte.MaxValue)
            {
                output.WriteByte(0xc4);
                output.WriteByte((byte)data.Length);
            }
            else if (data.Length <= ushort.MaxValue)
            {
                output.WriteByte(0xc5);
                output.WriteByte((byte)(data.Length >> 8));
                output.WriteByte((byte)data.Length);
            }
            else
            {
                output.WriteByte(0xc6);
                var length = new byte[4];
                BinaryPrimitives.WriteInt32BigEndian(length, data.Length);
                output.Write(length);
            }

            output.Write(data);
        }
    }
}
