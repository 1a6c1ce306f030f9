using System.Text;
using FastFormatters.MessagePack;
using static FastFormatters.Core.Tests.MessagePack.MsgPackTestHelpers;

namespace FastFormatters.Core.Tests.MessagePack;

/// <summary>The writer always picks the smallest encoding the spec allows; exact bytes for every boundary.</summary>
public sealed class WriterEncodingTests
{
    [Fact]
    public void Nil_false_true()
    {
        Assert.Equal("c0", Hex(Write((ref FastMessagePackWriter w) => w.WriteNil())));
        Assert.Equal("c2", Hex(Write((ref FastMessagePackWriter w) => w.WriteBoolean(false))));
        Assert.Equal("c3", Hex(Write((ref FastMessagePackWriter w) => w.WriteBoolean(true))));
        Assert.Equal("c0", Hex(Write((ref FastMessagePackWriter w) => w.WriteString((string?)null))));

        Assert.Equal("c0", Hex(Serialize<string?>(null)));
        Assert.Equal("c2", Hex(Serialize(false)));
        Assert.Equal("c3", Hex(Serialize(true)));
        Assert.Equal("c0", Hex(Serialize<int?>(null)));
        Assert.Equal("c0", Hex(Serialize<object?>(null)));
    }

    [Theory]
    [InlineData(0L, "00")]
    [InlineData(1L, "01")]
    [InlineData(127L, "7f")]
    [InlineData(128L, "cc80")]
    [InlineData(255L, "ccff")]
    [InlineData(256L, "cd0100")]
    [InlineData(65535L, "cdffff")]
    [InlineData(65536L, "ce00010000")]
    [InlineData(4294967295L, "ceffffffff")]
    [InlineData(4294967296L, "cf0000000100000000")]
    [InlineData(long.MaxValue, "cf7fffffffffffffff")]
    [InlineData(-1L, "ff")]
    [InlineData(-32L, "e0")]
    [InlineData(-33L, "d0df")]
    [InlineData(-128L, "d080")]
    [InlineData(-129L, "d1ff7f")]
    [InlineData(-32768L, "d18000")]
    [InlineData(-32769L, "d2ffff7fff")]
    [InlineData(-2147483648L, "d280000000")]
    [InlineData(-2147483649L, "d3ffffffff7fffffff")]
    [InlineData(long.MinValue, "d38000000000000000")]
    public void Int64_uses_the_smallest_encoding(long value, string hex)
    {
        Assert.Equal(hex, Hex(Write((ref FastMessagePackWriter w) => w.WriteInt64(value))));
        AssertRoundTrip(value, hex);
        Assert.Equal(value, MsgPackDecoder.Decode(Bytes(hex)));
    }

    [Theory]
    [InlineData(0UL, "00")]
    [InlineData(127UL, "7f")]
    [InlineData(128UL, "cc80")]
    [InlineData(255UL, "ccff")]
    [InlineData(256UL, "cd0100")]
    [InlineData(65535UL, "cdffff")]
    [InlineData(65536UL, "ce00010000")]
    [InlineData(4294967295UL, "ceffffffff")]
    [InlineData(4294967296UL, "cf0000000100000000")]
    [InlineData(ulong.MaxValue, "cfffffffffffffffff")]
    public void UInt64_uses_the_smallest_encoding(ulong value, string hex)
    {
        Assert.Equal(hex, Hex(Write((ref FastMessagePackWriter w) => w.WriteUInt64(value))));
        AssertRoundTrip(value, hex);
    }

    [Fact]
    public void Every_integer_type_uses_the_smallest_encoding()
    {
        AssertRoundTrip((byte)0, "00");
        AssertRoundTrip((byte)200, "ccc8");
        AssertRoundTrip(byte.MaxValue, "ccff");
        AssertRoundTrip((sbyte)-5, "fb");
        AssertRoundTrip(sbyte.MinValue, "d080");
        AssertRoundTrip(sbyte.MaxValue, "7f");
        AssertRoundTrip(short.MinValue, "d18000");
        AssertRoundTrip(short.MaxValue, "cd7fff");
        AssertRoundTrip(ushort.MaxValue, "cdffff");
        AssertRoundTrip(int.MinValue, "d280000000");
        AssertRoundTrip(int.MaxValue, "ce7fffffff");
        AssertRoundTrip(-33, "d0df");
        AssertRoundTrip(uint.MaxValue, "ceffffffff");
        AssertRoundTrip((Int128)42, "2a");
        AssertRoundTrip((Int128)long.MinValue, "d38000000000000000");
        AssertRoundTrip((Int128)ulong.MaxValue, "cfffffffffffffffff");
        AssertRoundTrip((UInt128)ulong.MaxValue, "cfffffffffffffffff");
    }

    [Fact]
    public void Int128_beyond_64_bits_is_a_decimal_string()
    {
        var above = (Int128)ulong.MaxValue + 1;
        AssertRoundTrip(above, Str("18446744073709551616"));
        AssertRoundTrip((Int128)long.MinValue - 1, Str("-9223372036854775809"));
        AssertRoundTrip(Int128.MaxValue, Str("170141183460469231731687303715884105727"));
        AssertRoundTrip(Int128.MinValue, Str("-170141183460469231731687303715884105728"));
        AssertRoundTrip(UInt128.MaxValue, Str("340282366920938463463374607431768211455"));
        AssertRoundTrip((UInt128)ulong.MaxValue + 1, Str("18446744073709551616"));
    }

    [Fact]
    public void Floats_are_float32_and_float64_even_when_whole()
    {
        Assert.Equal("ca3fc00000", Hex(Write((ref FastMessagePackWriter w) => w.WriteSingle(1.5f))));
        Assert.Equal("cb3ff8000000000000", Hex(Write((ref FastMessagePackWriter w) => w.WriteDouble(1.5))));
        AssertRoundTrip(1.5f, "ca3fc00000");
        AssertRoundTrip(1.5, "cb3ff8000000000000");
        AssertRoundTrip(1.0, "cb3ff0000000000000");
        AssertRoundTrip(0.0, "cb0000000000000000");
        AssertRoundTrip(2f, "ca40000000");
        AssertRoundTrip(double.PositiveInfinity, "cb7ff0000000000000");
        AssertRoundTrip(double.NegativeInfinity, "cbfff0000000000000");
        AssertRoundTrip(float.PositiveInfinity, "ca7f800000");
        Assert.Equal("cb", Hex(Serialize(double.NaN))[..2]);
        Assert.Equal(9, Serialize(double.NaN).Length);
        Assert.Equal("ca", Hex(Serialize(float.NaN))[..2]);

        // Half has no MessagePack type of its own: it is a float32.
        AssertRoundTrip((Half)1.5, "ca3fc00000");
    }

    [Theory]
    [InlineData(0, "a0")]
    [InlineData(1, "a1")]
    [InlineData(31, "bf")]
    [InlineData(32, "d920")]
    [InlineData(255, "d9ff")]
    [InlineData(256, "da0100")]
    [InlineData(65535, "daffff")]
    [InlineData(65536, "db00010000")]
    [InlineData(70000, "db00011170")]
    public void String_headers_at_every_boundary(int length, string header)
    {
        string text = new('a', length);
        string expected = header + Hex(Encoding.ASCII.GetBytes(text));
        Assert.Equal(expected, Hex(Write((ref FastMessagePackWriter w) => w.WriteString(text))));
        Assert.Equal(expected, Hex(Write((ref FastMessagePackWriter w) => w.WriteStringUtf8(Encoding.ASCII.GetBytes(text)))));
        AssertRoundTrip(text, expected);
    }

    [Fact]
    public void String_lengths_count_utf8_bytes_not_chars()
    {
        AssertRoundTrip("é", "a2c3a9");
        AssertRoundTrip("😀", "a4f09f9880");
        AssertRoundTrip("中", "a3e4b8ad");
        AssertRoundTrip("a😀é中", "aa61f09f9880c3a9e4b8ad");

        // 16 chars, 32 bytes: str8, not fixstr.
        string accents = new('é', 16);
        Assert.Equal("d920" + string.Concat(Enumerable.Repeat("c3a9", 16)), Hex(Serialize(accents)));

        // 11 chars, 33 bytes.
        string cjk = new('中', 11);
        Assert.Equal("d921" + string.Concat(Enumerable.Repeat("e4b8ad", 11)), Hex(Serialize(cjk)));

        // 128 emoji: 256 chars, 512 bytes; a long text crosses the writer's transcoding chunks without splitting a pair.
        string emoji = string.Concat(Enumerable.Repeat("😀", 128));
        Assert.Equal("da0200" + string.Concat(Enumerable.Repeat("f09f9880", 128)), Hex(Serialize(emoji)));
        string longEmoji = string.Concat(Enumerable.Repeat("x😀", 5000));
        byte[] bytes = Serialize(longEmoji);
        // 5,000 x (1 + 4) = 25,000 bytes.
        Assert.Equal("da61a8", Hex(bytes.AsSpan(0, 3)));
        Assert.Equal(longEmoji, MsgPackDecoder.Decode(bytes));
        AssertRoundTrip(longEmoji);
    }

    [Fact]
    public void Mixed_text_of_every_size_gets_the_shortest_exact_header()
    {
        // Around each header boundary in bytes, and past the one-pass limit in chars, with 1- to 4-byte characters
        // and lone surrogates: the header is chosen after transcoding, so each mix must still give the spec's bytes.
        string[] pieces = ["a", "é", "中", "😀", "\ud800"];
        var random = new Random(7);
        foreach (int target in new[] { 10, 31, 32, 90, 255, 256, 1000, 21_845, 21_846, 65_535, 65_536, 70_000 })
        {
            for (int sample = 0; sample < 4; sample++)
            {
                var text = new StringBuilder();
                for (int bytes = 0; bytes < target - 4;)
                {
                    string piece = pieces[random.Next(sample == 0 ? 1 : pieces.Length)];
                    text.Append(piece);
                    bytes += Encoding.UTF8.GetByteCount(piece);
                }

                byte[] utf8 = Encoding.UTF8.GetBytes(text.ToString());
                Assert.Equal(StrHeader(utf8.Length) + Hex(utf8), Hex(Write((ref FastMessagePackWriter w) => w.WriteString(text.ToString()))));
            }
        }
    }

    [Fact]
    public void A_lone_surrogate_is_written_as_the_replacement_character_with_an_exact_header()
    {
        Assert.Equal("a3efbfbd", Hex(Serialize("\ud800")));
        Assert.Equal("a561efbfbd62", Hex(Serialize("a\udc00b")));
    }

    [Theory]
    [InlineData(0, "c400")]
    [InlineData(1, "c401")]
    [InlineData(255, "c4ff")]
    [InlineData(256, "c50100")]
    [InlineData(65535, "c5ffff")]
    [InlineData(65536, "c600010000")]
    public void Binary_headers_at_every_boundary(int length, string header)
    {
        byte[] data = Enumerable.Range(0, length).Select(i => (byte)(i * 7)).ToArray();
        string expected = header + Hex(data);
        Assert.Equal(expected, Hex(Write((ref FastMessagePackWriter w) => w.WriteBinary(data))));
        Assert.Equal(expected, Hex(Serialize(data)));
        Assert.Equal(data, Deserialize<byte[]>(Bytes(expected)));
    }

    [Theory]
    [InlineData(0, "90", "80")]
    [InlineData(1, "91", "81")]
    [InlineData(15, "9f", "8f")]
    [InlineData(16, "dc0010", "de0010")]
    [InlineData(65535, "dcffff", "deffff")]
    [InlineData(65536, "dd00010000", "df00010000")]
    [InlineData(int.MaxValue, "dd7fffffff", "df7fffffff")]
    public void Container_headers_at_every_boundary(int count, string arrayHeader, string mapHeader)
    {
        Assert.Equal(arrayHeader, Hex(Write((ref FastMessagePackWriter w) =>
        {
            w.WriteArrayHeader(count);
            w.WriteEndContainer();
        })));
        Assert.Equal(mapHeader, Hex(Write((ref FastMessagePackWriter w) =>
        {
            w.WriteMapHeader(count);
            w.WriteEndContainer();
        })));
    }

    [Theory]
    [InlineData(0, "90")]
    [InlineData(15, "9f")]
    [InlineData(16, "dc0010")]
    [InlineData(65535, "dcffff")]
    [InlineData(65536, "dd00010000")]
    public void Collections_get_the_same_headers(int count, string header)
    {
        var array = new int[count];
        string body = string.Concat(Enumerable.Repeat("00", count));
        Assert.Equal(header + body, Hex(Serialize(array)));
        Assert.Equal(header + body, Hex(Serialize(new List<int>(array))));
        Assert.Equal(header + body, Hex(Serialize<IEnumerable<int>>(Enumerable.Repeat(0, count).Select(x => x))));
        Assert.Equal(array, Deserialize<int[]>(Bytes(header + body)));
    }

    [Theory]
    [InlineData(0, "80")]
    [InlineData(15, "8f")]
    [InlineData(16, "de0010")]
    [InlineData(65536, "df00010000")]
    public void Dictionaries_get_the_same_headers(int count, string header)
    {
        var dictionary = Enumerable.Range(0, count).ToDictionary(i => i.ToString("x5"), _ => true);
        byte[] bytes = Serialize(dictionary);
        Assert.Equal(header, Hex(bytes.AsSpan(0, header.Length / 2)));
        Assert.Equal(count, MsgPackDecoder.MapHeaderCount(bytes));
        var map = Assert.IsType<MsgMap>(MsgPackDecoder.Decode(bytes));
        Assert.Equal(count, map.Count);
        Assert.Equal(dictionary, Deserialize<Dictionary<string, bool>>(bytes));
    }

    [Fact]
    public void Writing_deeper_than_the_maximum_depth_fails()
    {
        Assert.Throws<InvalidOperationException>(() => Write((ref FastMessagePackWriter w) =>
        {
            w.WriteArrayHeader(1);
            w.WriteArrayHeader(1);
            w.WriteArrayHeader(0);
        }, maxDepth: 2));

        Assert.Equal("919190", Hex(Write((ref FastMessagePackWriter w) =>
        {
            w.WriteArrayHeader(1);
            w.WriteArrayHeader(1);
            w.WriteArrayHeader(0);
            w.WriteEndContainer();
            w.WriteEndContainer();
            w.WriteEndContainer();
        }, maxDepth: 3)));

        // A cycle cannot be written forever.
        var cycle = new Node { Value = 1 };
        cycle.Next = cycle;
        Assert.Throws<InvalidOperationException>(() => Serialize(cycle));

        // Siblings do not add up: the depth is closed after each container.
        Assert.Equal("93909090", Hex(Write((ref FastMessagePackWriter w) =>
        {
            w.WriteArrayHeader(3);
            for (int i = 0; i < 3; i++)
            {
                w.WriteArrayHeader(0);
                w.WriteEndContainer();
            }

            w.WriteEndContainer();
        }, maxDepth: 2)));
    }

    [Fact]
    public void MaxDepth_option_limits_writing()
    {
        var options = Options(o => o.MessagePack.MaxDepth = 3);
        Assert.Equal("919190", Hex(Serialize(new List<List<int[]>> { new() { Array.Empty<int>() } }, options)));
        Assert.Throws<InvalidOperationException>(() => Serialize(new List<List<List<int[]>>> { new() { new() { Array.Empty<int>() } } }, options));
    }

    [Fact]
    public void Member_names_are_pre_encoded_strings()
    {
        Assert.Equal("a3616263", Hex(FastMessagePackWriter.EncodeString("abc"u8)));
        Assert.Equal("d920" + new string('6', 64), Hex(FastMessagePackWriter.EncodeString(Encoding.ASCII.GetBytes(new string('f', 32)))));
    }

    internal sealed class Node
    {
        public int Value { get; set; }

        public Node? Next { get; set; }
    }
}
