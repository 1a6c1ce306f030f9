using System.Buffers;
using System.Text;
using System.Text.Json;
using FastFormatters.MessagePack;
using FastFormatters.Serialization;

namespace FastFormatters.Fuzzing;

/// <summary>
/// The seed corpus of one format, generated in code from <see cref="SeedValues"/> with the library's own writers (and a
/// few hand-written documents for encodings the writers never produce), so nothing is read from disk and every run
/// starts from the same bytes.
/// </summary>
internal sealed class FuzzCorpus
{
    private static readonly int[] s_blockSizes = [64 * 1024, 16, 7, 1, 64, 1000];

    private FuzzCorpus(IReadOnlyList<byte[]> entries, IReadOnlyList<byte[]> plain)
    {
        Entries = entries;
        Plain = plain;
    }

    /// <summary>The documents mutations start from.</summary>
    public IReadOnlyList<byte[]> Entries { get; }

    /// <summary>For LZ4, the uncompressed MessagePack the frames hold (mutated, then compressed again); else <see cref="Entries"/>.</summary>
    public IReadOnlyList<byte[]> Plain { get; }

    public static FuzzCorpus For(FuzzFormat format)
    {
        if (format == FuzzFormat.MessagePackLz4)
        {
            return ForLz4();
        }

        var entries = new List<byte[]>();
        foreach (var serializer in Serializers())
        {
            foreach (var (value, type) in SeedValues.All())
            {
                entries.Add(Serialize(serializer, format, value, type));
            }
        }

        entries.AddRange(HandWritten(format));
        return new FuzzCorpus(entries, entries);
    }

    private static FuzzCorpus ForLz4()
    {
        var plain = For(FuzzFormat.MessagePack).Entries;
        var frames = new List<byte[]>();
        for (int i = 0; i < plain.Count; i++)
        {
            frames.Add(Lz4Frame.Compress(plain[i], s_blockSizes[i % s_blockSizes.Length]).ToBytes());
        }

        // And what the library itself writes with compression on (it frames payloads of 64 bytes or more).
        var compressing = new FastSerializerOptions();
        compressing.MessagePack.Compression = MessagePackCompressionMode.Lz4BlockArray;
        var serializer = new FastSerializer(compressing);
        foreach (var (value, type) in SeedValues.All())
        {
            var buffer = new ArrayBufferWriter<byte>();
            serializer.SerializeMessagePack(buffer, value, type);
            if (Lz4Frame.Parse(buffer.WrittenSpan) is not null)
            {
                frames.Add(buffer.WrittenSpan.ToArray());
            }
        }

        return new FuzzCorpus(frames, plain);
    }

    // The defaults, and the other choices of the options that change what is written (numbers for enums, no nulls, names as declared).
    private static IEnumerable<FastSerializer> Serializers()
    {
        yield return new FastSerializer(new FastSerializerOptions());
        yield return new FastSerializer(new FastSerializerOptions { JsonContract = FastFormatters.Json.JsonContractKind.Unified, Unified = { EnumsAsNumbers = true, OmitNullMembers = true, NamingPolicy = JsonNamingPolicy.SnakeCaseLower } });
    }

    private static byte[] Serialize(FastSerializer serializer, FuzzFormat format, object? value, Type type)
    {
        var buffer = new ArrayBufferWriter<byte>();
        if (format == FuzzFormat.Json)
        {
            serializer.SerializeJson(buffer, value, type);
        }
        else if (format == FuzzFormat.Jmc)
        {
            serializer.SerializeJmc(buffer, value, type);
        }
        else
        {
            serializer.SerializeMessagePack(buffer, value, type);
        }

        return buffer.WrittenSpan.ToArray();
    }

    private static IEnumerable<byte[]> HandWritten(FuzzFormat format)
    {
        if (format == FuzzFormat.MessagePack)
        {
            return MessagePackHandWritten().Select(Convert.FromHexString);
        }

        var text = format == FuzzFormat.Json ? JsonHandWritten() : JmcHandWritten();
        return text.Select(Encoding.UTF8.GetBytes);
    }

    // Valid JSON the writer never produces: whitespace, a byte order mark, \u escapes, exponents, numbers for enums and dates.
    private static string[] JsonHandWritten() =>
    [
        " \t\r\n{ \"id\" : 1 , \"name\" : \"x\" , \"address\" : { \"street\" : \"s\" , \"city\" : null } }\n",
        "\uFEFF[1, 2.5, -0, 1e3, 1E-3, -1.0e+2, 123456789012345678901234567890]",
        "\"\\u00e9\\ud83d\\ude00\\/\\b\\f\\n\\r\\t\\\"\\\\\\u0000\"",
        "{\"color\":2,\"permissions\":\"read, write\",\"when\":\"2024-01-01T00:00:00Z\",\"day\":\"2024-01-01\",\"duration\":\"-1.02:03:04.5\"}",
        "{\"x\":1,\"x\":2,\"unknown\":{\"deep\":[[[{}]]]}}",
        "[[],[[]],{},[{}],null,true,false,\"\"]",
    ];

    // Length comments are /*, the little-endian length + 0x130, */: for lengths under 0x50 both bytes are ASCII ("0\u0001" is 0).
    private static string[] JmcHandWritten() =>
    [
        "/*JMC1*/ { /*2\u0001*/\"id\" : 1 } ",
        "/*JMC1*//*3\u0001*/[1,/*1\u0001*/\"a\",null]",
        "/*JMC1*/[\"no comment\",{\"k\":[]}]",
        "/*JMC1*//*0\u0001*/{}",
    ];

    // MessagePack the library never writes but must read: timestamps, wide headers, integer keys, float32, bin16.
    private static string[] MessagePackHandWritten() =>
    [
        "d6ff65f0a5c0",
        "d7ff0000000465f0a5c0",
        "c70cff000000010000000065f0a5c0",
        "8201a1610fa162",
        "dc0003cc01cd0002ce00000003",
        "dd00000002d90161db0000000161",
        "de0001a2696401",
        "df00000001a269640a",
        "ca3fc00000",
        "cb7ff8000000000000",
        "c5000401020304",
        "c60000000100",
        "93c0c2c3",
        "81a5636f6c6f7202",
    ];
}
