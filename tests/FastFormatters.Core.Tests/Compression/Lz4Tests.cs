using System.Buffers;
using System.Text;
using FastFormatters.MessagePack;
using FastFormatters.Serialization;

namespace FastFormatters.Core.Tests.Compression;

public sealed class Lz4Tests
{
    public static TheoryData<string, int> Inputs => new()
    {
        { "empty", 0 },
        { "tiny", 3 },
        { "random", 100_000 },
        { "repetitive", 200_000 },
        { "text", 70_000 },
        { "runs", 5_000 },
    };

    [Theory]
    [MemberData(nameof(Inputs))]
    public void Blocks_round_trip(string kind, int length)
    {
        var input = Make(kind, length);
        var compressed = new byte[Lz4Block.MaxEncodedLength(input.Length)];
        int written = Lz4Block.Encode(input, compressed);
        var output = new byte[input.Length];

        Assert.True(Lz4Block.TryDecode(compressed.AsSpan(0, written), output));
        Assert.Equal(input, output);
        if (kind is "repetitive" or "runs")
        {
            Assert.True(written < input.Length / 10, $"{kind}: {written} of {input.Length}");
        }
    }

    [Fact]
    public void Decoding_hostile_blocks_never_reads_or_writes_out_of_bounds()
    {
        var random = new Random(7);
        var valid = new byte[Lz4Block.MaxEncodedLength(4096)];
        int validLength = Lz4Block.Encode(Make("text", 4096), valid);
        for (int i = 0; i < 20_000; i++)
        {
            // Random bytes, and valid blocks with a few bytes flipped, into outputs of random sizes.
            byte[] block = i % 2 == 0 ? RandomBytes(random, random.Next(0, 64)) : Mutate(random, valid.AsSpan(0, validLength).ToArray());
            var output = new byte[random.Next(0, 8192)];
            _ = Lz4Block.TryDecode(block, output);
        }
    }

    [Theory]
    [InlineData("0f", 10)] // 15 literals announced, none present
    [InlineData("1f61000000", 10)] // offset 0
    [InlineData("10610500", 10)] // offset 5 points before the output start
    [InlineData("f0ffffffff", 10)] // literal length runs past the input
    public void Malformed_blocks_are_refused(string hex, int outputLength)
        => Assert.False(Lz4Block.TryDecode(Convert.FromHexString(hex), new byte[outputLength]));

    [Fact]
    public void Message_pack_is_framed_like_message_pack_csharp_and_read_back()
    {
        var compressing = new FastSerializer(SuiteOptions.With(new FastSerializerOptions { MessagePack = { Compression = MessagePackCompressionMode.Lz4BlockArray } }));
        var plain = new FastSerializer(SuiteOptions.Create());
        var value = Enumerable.Range(0, 20_000).Select(i => new Item(i, $"name {i % 50}", i % 3 == 0)).ToList();

        var compressed = new ArrayBufferWriter<byte>();
        compressing.SerializeMessagePack(compressed, value);
        var uncompressed = new ArrayBufferWriter<byte>();
        plain.SerializeMessagePack(uncompressed, value);

        // [ext 98 (block lengths as int32), bin, bin, ...]
        var bytes = compressed.WrittenSpan;
        Assert.True(Lz4BlockArray.IsFramed(bytes));
        Assert.True(bytes.Length < uncompressed.WrittenCount / 2, $"{bytes.Length} vs {uncompressed.WrittenCount}");
        Assert.Equal(value, plain.DeserializeMessagePack<List<Item>>(bytes));
        Assert.Equal(value, compressing.DeserializeMessagePack<List<Item>>(uncompressed.WrittenSpan));
    }

    [Fact]
    public void Small_payloads_are_sent_plain()
    {
        var compressing = new FastSerializer(SuiteOptions.With(new FastSerializerOptions { MessagePack = { Compression = MessagePackCompressionMode.Lz4BlockArray } }));
        var output = new ArrayBufferWriter<byte>();
        compressing.SerializeMessagePack(output, new Item(1, "a", true));

        Assert.False(Lz4BlockArray.IsFramed(output.WrittenSpan));
        Assert.Equal(0x83, output.WrittenSpan[0]);
    }

    [Theory]
    [InlineData("90d46200")] // an empty array then extension 98: no blocks (once crashed the process)
    [InlineData("91d46200")] // the lengths extension and no block
    [InlineData("92c705620000ff0000c400")] // claims 65280 bytes from a 1-byte block: more than LZ4 can expand to
    [InlineData("92c70562d2000000ffc401ff")] // block does not decode to its declared length
    [InlineData("93c70562d200000004c40140")] // two blocks announced, one length given
    [InlineData("92c70562d200000004c4")] // truncated
    public void Hostile_frames_are_format_errors(string hex)
    {
        var serializer = new FastSerializer(SuiteOptions.Create());

        Assert.Throws<FormatReadException>(() => serializer.DeserializeMessagePack<object>(Convert.FromHexString(hex)));
    }

    [Fact]
    public void A_frame_inside_a_frame_is_not_expanded_again()
    {
        var compressing = new FastSerializer(SuiteOptions.With(new FastSerializerOptions { MessagePack = { Compression = MessagePackCompressionMode.Lz4BlockArray } }));
        var inner = new ArrayBufferWriter<byte>();
        compressing.SerializeMessagePack(inner, Enumerable.Range(0, 5_000).ToList());
        var outer = new ArrayBufferWriter<byte>();
        Lz4BlockArray.Write(inner.WrittenSpan, outer);

        Assert.True(Lz4BlockArray.IsFramed(outer.WrittenSpan));
        Assert.Throws<FormatReadException>(() => compressing.DeserializeMessagePack<List<int>>(outer.WrittenSpan));
    }

    [Fact]
    public void The_decompressed_size_is_capped()
    {
        var compressing = new FastSerializer(SuiteOptions.With(new FastSerializerOptions { MessagePack = { Compression = MessagePackCompressionMode.Lz4BlockArray } }));
        var output = new ArrayBufferWriter<byte>();
        compressing.SerializeMessagePack(output, new string('z', 200_000));
        var capped = new FastSerializer(SuiteOptions.With(new FastSerializerOptions { MessagePack = { MaxDecompressedSize = 100_000 } }));

        var error = Assert.Throws<FormatReadException>(() => capped.DeserializeMessagePack<string>(output.WrittenSpan));
        Assert.Contains("decompressed", error.Message, StringComparison.Ordinal);
    }

    public sealed record Item(int Id, string Name, bool Flag);

    private static byte[] Make(string kind, int length)
    {
        var random = new Random(length);
        return kind switch
        {
            "random" => RandomBytes(random, length),
            "repetitive" => Enumerable.Range(0, length).Select(i => (byte)(i % 7)).ToArray(),
            "runs" => Enumerable.Range(0, length).Select(i => (byte)(i / 1000)).ToArray(),
            "text" => Encoding.UTF8.GetBytes(string.Concat(Enumerable.Range(0, length).Select(i => "lorem ipsum dolor "[i % 18]))),
            _ => RandomBytes(random, length),
        };
    }

    private static byte[] RandomBytes(Random random, int length)
    {
        var bytes = new byte[length];
        random.NextBytes(bytes);
        return bytes;
    }

    private static byte[] Mutate(Random random, byte[] bytes)
    {
        for (int i = 0; i < 3 && bytes.Length > 0; i++)
        {
            bytes[random.Next(bytes.Length)] = (byte)random.Next(256);
        }

        return bytes;
    }
}
