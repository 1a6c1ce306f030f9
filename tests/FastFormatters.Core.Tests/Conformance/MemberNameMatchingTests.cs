using System.Text;
using FastFormatters.Serialization;
using static FastFormatters.Core.Tests.MessagePack.MsgPackTestHelpers;

namespace FastFormatters.Core.Tests.Conformance;

/// <summary>
/// Readers match the member they expect next on the bytes of its name as the format writes it, and fall back to
/// reading the name as a string. Whatever the order of the members and however a name is encoded, the same members
/// get the same values, and a name that only resembles a member's is not taken for it.
/// </summary>
public sealed class MemberNameMatchingTests
{
    private static readonly FastSerializer s_serializer = new(SuiteOptions.Create());

    private static readonly Level s_expected = new() { Price = 1.25m, Size = 2.5m, Orders = 3 };

    public static TheoryData<string> JsonDocuments => new()
    {
        """{"price":1.25,"size":2.5,"orders":3}""",
        """{"orders":3,"size":2.5,"price":1.25}""",
        """{"size":2.5,"orders":3,"price":1.25}""",
        """{"price":1.25,"extra":[1,{"price":9}],"size":2.5,"note":"x","orders":3}""",
        """{"\u0070rice":1.25,"siz\u0065":2.5,"orders":3}""",
        "{ \"price\" : 1.25 , \"size\"\t:2.5,\r\n   \"orders\":3 }",
        """{"pric":9,"prices":9,"Price_":9,"price":1.25,"size":2.5,"orders":3}""",
    };

    [Theory]
    [MemberData(nameof(JsonDocuments))]
    public void Json_and_jmc1_members_are_found_in_any_order_and_any_encoding(string json)
    {
        AssertLevel(s_serializer.DeserializeJson<Level>(Encoding.UTF8.GetBytes(json)));

        // JMC1 without length comments, and with the ones its writer puts in front of each name.
        AssertLevel(s_serializer.DeserializeJmc<Level>(Encoding.UTF8.GetBytes("/*JMC1*/" + json)));
        var jmc1 = Jmc1Of(s_serializer.DeserializeJson<object>(Encoding.UTF8.GetBytes(json)));
        AssertLevel(s_serializer.DeserializeJmc<Level>(jmc1));
    }

    [Fact]
    public void Jmc1_names_written_as_the_writer_writes_them_are_still_checked_against_their_comments()
    {
        byte[] jmc1 = Jmc1Of(s_expected);
        AssertLevel(s_serializer.DeserializeJmc<Level>(jmc1));

        // Every byte of the document changed in turn: the read fails or gives a value, never throws anything else.
        for (int i = 0; i < jmc1.Length; i++)
        {
            byte[] changed = (byte[])jmc1.Clone();
            changed[i] ^= 0x01;
            try
            {
                s_serializer.DeserializeJmc<Level>(changed);
            }
            catch (FormatReadException)
            {
            }
        }

        // A name's comment that claims one byte more than the name has: refused, though the name is a member's.
        string text = Encoding.Latin1.GetString(jmc1);
        int name = text.IndexOf("\"size\"", StringComparison.Ordinal);
        byte[] wrongCount = (byte[])jmc1.Clone();
        wrongCount[name - 3]++;
        Assert.Throws<FormatReadException>(() => s_serializer.DeserializeJmc<Level>(wrongCount));
    }

    public static TheoryData<string> MessagePackMaps => new()
    {
        "83" + Str("Price") + Str("1.25") + Str("Size") + Str("2.5") + Str("Orders") + "03",
        "83" + Str("Orders") + "03" + Str("Size") + Str("2.5") + Str("Price") + Str("1.25"),

        // The same names as str8 and str16, which a writer may use for short strings.
        "83 d9 05" + Hex("Price"u8) + Str("1.25") + "da 00 04" + Hex("Size"u8) + Str("2.5") + Str("Orders") + "03",

        // Keys that are not strings, near names and unknown members, skipped.
        "87 01 02" + Str("Pric") + "09" + Str("Prices") + "09" + Str("Price") + Str("1.25") + Str("Extra") + "92 01" + Str("Price") + Str("Size") + Str("2.5") + Str("Orders") + "03",
    };

    [Theory]
    [MemberData(nameof(MessagePackMaps))]
    public void MessagePack_members_are_found_in_any_order_and_any_encoding(string hex)
        => AssertLevel(s_serializer.DeserializeMessagePack<Level>(Bytes(hex)));

    [Fact]
    public void A_member_repeated_in_the_order_expected_is_still_a_duplicate()
    {
        var strict = new FastSerializer(SuiteOptions.With(new FastSerializerOptions { RejectDuplicateKeys = true }));
        Assert.Throws<FormatReadException>(() => strict.DeserializeJson<Level>("""{"price":1,"price":2}"""u8));
        Assert.Throws<FormatReadException>(() => strict.DeserializeMessagePack<Level>(Bytes("82" + Str("Price") + "01" + Str("Price") + "02")));
        Assert.Equal(2m, s_serializer.DeserializeMessagePack<Level>(Bytes("82" + Str("Price") + "01" + Str("Price") + "02")).Price);
    }

    private static byte[] Jmc1Of<T>(T value)
    {
        var buffer = new System.Buffers.ArrayBufferWriter<byte>();
        s_serializer.SerializeJmc(buffer, value);
        return buffer.WrittenSpan.ToArray();
    }

    private static void AssertLevel(Level level)
    {
        Assert.Equal(s_expected.Price, level.Price);
        Assert.Equal(s_expected.Size, level.Size);
        Assert.Equal(s_expected.Orders, level.Orders);
    }

    public sealed class Level
    {
        public decimal Price { get; set; }

        public decimal Size { get; set; }

        public int Orders { get; set; }
    }
}
