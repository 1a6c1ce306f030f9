using System.Buffers;
using System.Text;
using FastFormatters.Serialization;

namespace FastFormatters.Core.Tests.Jmc;

public sealed class JmcFormatTests
{
    private static readonly FastSerializer s_serializer = new(SuiteOptions.Create());

    // Hex vectors of docs/jmc1.md. Comment = 2f 2a, uint16 LE (length + 0x0130), 2a 2f.
    [Theory]
    [InlineData("", "2f2a4a4d43312a2f" + "2f2a30012a2f" + "2222")]
    [InlineData("a\"b\\c\n", "2f2a4a4d43312a2f" + "2f2a39012a2f" + "22615c22625c5c635c6e22")]
    [InlineData("é東😀", "2f2a4a4d43312a2f" + "2f2a39012a2f" + "22c3a9e69db1f09f988022")]
    public void Strings_carry_their_escaped_utf8_length(string value, string hex)
        => Assert.Equal(hex, Convert.ToHexStringLower(Jmc(value)));

    [Fact]
    public void Arrays_carry_their_element_count()
    {
        Assert.Equal("2f2a4a4d43312a2f" + "2f2a30012a2f5b5d", Convert.ToHexStringLower(Jmc(Array.Empty<int>())));
        Assert.Equal(
            "2f2a4a4d43312a2f" + "2f2a32012a2f5b" + "2f2a32012a2f5b312c325d2c" + "2f2a31012a2f5b335d5d",
            Convert.ToHexStringLower(Jmc(new[] { new[] { 1, 2 }, new[] { 3 } })));
    }

    [Fact]
    public void Arrays_read_into_their_claimed_count_and_a_wrong_claim_fails_with_the_real_count()
    {
        // Count comment: uint16 LE of count + 0x0130.
        static byte[] Claiming(int count, string array) => Convert.FromHexString(Hex("/*JMC1*/") + $"2f2a{count + 0x130 & 0xff:x2}{count + 0x130 >> 8:x2}2a2f" + Hex(array));

        Assert.Equal([1, 2], s_serializer.DeserializeJmc<int[]>(Claiming(2, "[1,2]")));
        Assert.Equal(["a", "b"], s_serializer.DeserializeJmc<string[]>(Claiming(2, "[\"a\",\"b\"]")));
        Assert.Empty(s_serializer.DeserializeJmc<int[]>(Claiming(0, "[]")));

        Assert.Equal("The length comment says 3 but there are 2.", Assert.Throws<FormatReadException>(() => s_serializer.DeserializeJmc<int[]>(Claiming(3, "[1,2]"))).Message);
        Assert.Equal("The length comment says 1 but there are 2.", Assert.Throws<FormatReadException>(() => s_serializer.DeserializeJmc<int[]>(Claiming(1, "[1,2]"))).Message);
        Assert.Equal("The length comment says 2 but there are 4.", Assert.Throws<FormatReadException>(() => s_serializer.DeserializeJmc<int[]>(Claiming(2, "[1,2,3,4]"))).Message);
        Assert.Equal("$[1]", Assert.Throws<FormatReadException>(() => s_serializer.DeserializeJmc<int[]>(Claiming(2, "[1,\"x\"]"))).Path);
        Assert.Equal("$[3]", Assert.Throws<FormatReadException>(() => s_serializer.DeserializeJmc<int[]>(Claiming(2, "[1,2,3,\"x\"]"))).Path);
    }

    [Fact]
    public void Keys_carry_comments_and_dictionaries_their_count_but_plain_objects_none()
    {
        Assert.Equal("/*JMC1*/{/*\u0131\u0001*/\"a\":1}".Length, Jmc(new Plain(1)).Length);
        Assert.Equal("2f2a4a4d43312a2f" + "7b" + "2f2a31012a2f" + "2261223a31" + "7d", Convert.ToHexStringLower(Jmc(new Plain(1))));
        Assert.Equal(
            "2f2a4a4d43312a2f" + "2f2a31012a2f7b" + "2f2a31012a2f" + "2278223a32" + "7d",
            Convert.ToHexStringLower(Jmc(new Dictionary<string, int> { ["x"] = 2 })));
    }

    [Fact]
    public void The_longest_countable_string_has_a_comment_and_the_next_one_none()
    {
        var longest = Jmc(new string('a', 32_207));
        var tooLong = Jmc(new string('a', 32_208));

        Assert.Equal("2f2aff7e2a2f22", Convert.ToHexStringLower(longest.AsSpan(8, 7)));
        Assert.Equal("22", Convert.ToHexStringLower(tooLong.AsSpan(8, 1)));
        Assert.Equal(new string('a', 32_208), s_serializer.DeserializeJmc<string>(tooLong));
        Assert.Equal(new string('a', 32_207), s_serializer.DeserializeJmc<string>(longest));
    }

    [Fact]
    public void The_length_whose_bytes_read_as_a_comment_closer_is_written_without_a_comment()
    {
        // 11,770 + 0x130 = 0x2F2A: little-endian, the bytes '*' '/' would end the comment for a JSONC parser.
        var text = Jmc(new string('b', 11_770));
        var list = Jmc(Enumerable.Repeat(7, 11_770).ToArray());
        var neighbour = Jmc(new string('b', 11_769));

        Assert.Equal((byte)'"', text[8]);
        Assert.Equal((byte)'[', list[8]);
        Assert.Equal("2f2a292f2a2f", Convert.ToHexStringLower(neighbour.AsSpan(8, 6)));
        Assert.Equal(11_770, s_serializer.DeserializeJmc<string>(text).Length);
        Assert.Equal(11_770, s_serializer.DeserializeJmc<int[]>(list).Length);
        JmcWalker.CheckAndStrip(text, out _);
        JmcWalker.CheckAndStrip(list, out _);
    }

    [Theory]
    [InlineData("/*JMC1*//*\u0131\u0001*/ [1]")]
    [InlineData("/*JMC1*//*\u0131\u0001*/ \"a\"")]
    public void A_length_comment_must_stand_right_before_its_value(string escaped)
    {
        var bytes = Encoding.Latin1.GetBytes(System.Text.RegularExpressions.Regex.Unescape(escaped));

        Assert.Throws<FormatReadException>(() => s_serializer.DeserializeJmc<object>(bytes));
        Assert.Throws<FormatReadException>(() => s_serializer.DeserializeJmc<List<int>>(bytes));
    }

    [Fact]
    public void Escaped_strings_near_the_limit_count_their_escapes()
    {
        // 32,200 'a' and 4 newlines escape to 32,208 bytes: too long for a comment, although only 32,204 chars.
        string value = new string('a', 32_200) + "\n\n\n\n";
        var bytes = Jmc(value);

        Assert.Equal((byte)'"', bytes[8]);
        Assert.Equal(value, s_serializer.DeserializeJmc<string>(bytes));
    }

    [Theory]
    [InlineData(1023)]
    [InlineData(1024)]
    [InlineData(1025)]
    public void Strings_with_escapes_either_side_of_the_one_span_limit_count_what_json_writes(int length)
    {
        // Escaped in one span up to 1,024 chars (the comment filled in after), counted first and written in runs beyond.
        string value = FastFormatters.Core.Tests.Json.PrimitiveTests.EscapeMix(length, seed: length);
        var json = FastFormatters.Core.Tests.Json.JsonTestHelpers.SerializeToUtf8(value);
        var bytes = Jmc(value);

        Assert.Equal(Convert.FromHexString(Hex("/*JMC1*/") + $"2f2a{(json.Length - 2 + 0x130) & 0xff:x2}{(json.Length - 2 + 0x130) >> 8:x2}2a2f"), bytes[..14]);
        Assert.Equal(json, bytes[14..]);
        Assert.Equal(FastFormatters.Core.Tests.Json.JsonTestHelpers.Deserialize<string>(json), s_serializer.DeserializeJmc<string>(bytes));
    }

    public static TheoryData<string> Models => new() { "feed", "order", "dictionary", "mixed", "empty" };

    [Theory]
    [MemberData(nameof(Models))]
    public void Without_its_comments_jmc1_is_the_json_output_and_every_comment_is_right(string model)
    {
        object value = Model(model);
        var json = new ArrayBufferWriter<byte>();
        s_serializer.SerializeJson(json, value, value.GetType());

        var stripped = JmcWalker.CheckAndStrip(Jmc(value, value.GetType()), out int comments);

        Assert.Equal(Encoding.UTF8.GetString(json.WrittenSpan), Encoding.UTF8.GetString(stripped));
        Assert.True(comments > 0 || model == "empty");
    }

    [Theory]
    [MemberData(nameof(Models))]
    public void Jmc1_reads_back_what_it_wrote(string model)
    {
        object value = Model(model);
        var bytes = Jmc(value, value.GetType());
        var json = new ArrayBufferWriter<byte>();
        s_serializer.SerializeJson(json, s_serializer.DeserializeJmc(bytes, value.GetType()), value.GetType());
        var expected = new ArrayBufferWriter<byte>();
        s_serializer.SerializeJson(expected, value, value.GetType());

        Assert.Equal(Encoding.UTF8.GetString(expected.WrittenSpan), Encoding.UTF8.GetString(json.WrittenSpan));
    }

    [Fact]
    public void Values_without_comments_are_read_by_scanning()
    {
        var value = s_serializer.DeserializeJmc<Dictionary<string, List<string>>>("/*JMC1*/{\"k\":[\"a\",\"b\\\"c\"]}"u8);

        Assert.Equal(["a", "b\"c"], value["k"]);
    }

    public static TheoryData<string, string> Lies => new()
    {
        { "no header", Hex("\"abc\"") },
        { "a BOM before the header", "efbbbf2f2a4a4d43312a2f2222" },
        { "string shorter than its comment", Hex("/*JMC1*/") + "2f2a33012a2f" + Hex("\"ab\"") },
        { "string longer than its comment", Hex("/*JMC1*/") + "2f2a31012a2f" + Hex("\"ab\"") },
        { "comment running past the end", Hex("/*JMC1*/") + "2f2affff2a2f" + Hex("\"ab\"") },
        { "array with more elements than counted", Hex("/*JMC1*/") + "2f2a31012a2f" + Hex("[1,2]") },
        { "array with fewer elements than counted", Hex("/*JMC1*/") + "2f2a33012a2f" + Hex("[1,2]") },
        { "count larger than the bytes left", Hex("/*JMC1*/") + "2f2aff7e2a2f" + Hex("[1,2]") },
        { "dictionary with another count", Hex("/*JMC1*/") + "2f2a32012a2f" + Hex("{\"a\":1}") },
        { "length below the offset", Hex("/*JMC1*/") + "2f2a00002a2f" + Hex("\"\"") },
        { "comment with a wrong closer", Hex("/*JMC1*/") + "2f2a30012a2a" + Hex("\"\"") },
        { "an ordinary comment", Hex("/*JMC1*/") + Hex("/* hello */1") },
        { "comment before a number", Hex("/*JMC1*/") + "2f2a31012a2f" + Hex("1") },
        { "escape running past the counted length", Hex("/*JMC1*/") + "2f2a32012a2f" + Hex("\"a\\\"\"") },
        { "trailing comment", Hex("/*JMC1*/") + Hex("1") + "2f2a30012a2f" },
    };

    [Theory]
    [MemberData(nameof(Lies))]
    public void Counts_that_disagree_with_the_data_are_format_errors(string what, string hex)
    {
        var bytes = Convert.FromHexString(hex);

        var error = Assert.Throws<FormatReadException>(() => s_serializer.DeserializeJmc<object>(bytes));
        Assert.Equal("jsonc", error.Format);
        Assert.False(string.IsNullOrEmpty(what));
    }

    [Fact]
    public void Every_truncation_is_a_format_error()
    {
        var bytes = Jmc(Model("order"), typeof(Order));
        for (int length = 0; length < bytes.Length; length++)
        {
            Assert.Throws<FormatReadException>(() => s_serializer.DeserializeJmc<Order>(bytes.AsSpan(0, length)));
        }
    }

    [Fact]
    public void Depth_is_limited_as_for_json()
    {
        string deep = "/*JMC1*/" + new string('[', 65) + new string(']', 65);

        Assert.Throws<FormatReadException>(() => s_serializer.DeserializeJmc<object>(Encoding.ASCII.GetBytes(deep)));
        Assert.Throws<FormatReadException>(() => s_serializer.DeserializeJmc<object>(Encoding.ASCII.GetBytes("/*JMC1*/" + new string('[', 100_000))));
    }

    public sealed record Plain(int A);

    public sealed record Line(string Sku, int Quantity, decimal UnitPrice);

    public sealed record Order(int Id, string Customer, List<Line> Lines, DateTimeOffset PlacedAt, string? Notes, Dictionary<string, int> Tags);

    private static object Model(string name) => name switch
    {
        "feed" => Enumerable.Range(0, 50).Select(i => new Dictionary<string, object?>
        {
            ["id"] = 1_000_000_000_000L + i,
            ["text"] = i % 3 == 0 ? $"Café \"quoted\" 東京 😀 #{i}\n" : new string('x', i * 40),
            ["user"] = new Dictionary<string, object?> { ["name"] = "n" + i, ["followers"] = i * 1000, ["verified"] = i % 2 == 0 },
            ["tags"] = Enumerable.Range(0, i % 5).Select(t => (object?)("t" + t)).ToList(),
            ["geo"] = null,
        }).ToList(),
        "order" => new Order(7, "Zoë", [new("A-1", 2, 9.50m), new("B\\2", 1, 0.01m)], new DateTimeOffset(2024, 5, 1, 12, 30, 0, TimeSpan.FromHours(2)), null, new() { ["x"] = 1, ["yy"] = 2 }),
        "dictionary" => Enumerable.Range(0, 40).ToDictionary(i => "key" + i, i => new[] { i, i + 1 }),
        "mixed" => new List<object?> { 1, "two", 3.5, true, null, new List<object?>(), new Dictionary<string, object?>(), new string('z', 40_000) },
        _ => new List<int>(),
    };

    private static byte[] Jmc<T>(T value)
    {
        var output = new ArrayBufferWriter<byte>();
        s_serializer.SerializeJmc(output, value);
        return output.WrittenSpan.ToArray();
    }

    private static byte[] Jmc(object value, Type type)
    {
        var output = new ArrayBufferWriter<byte>();
        s_serializer.SerializeJmc(output, value, type);
        return output.WrittenSpan.ToArray();
    }

    private static string Hex(string text) => Convert.ToHexString(Encoding.UTF8.GetBytes(text));
}
