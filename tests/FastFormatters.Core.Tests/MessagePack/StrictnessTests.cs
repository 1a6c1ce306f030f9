using static FastFormatters.Core.Tests.MessagePack.MsgPackTestHelpers;

namespace FastFormatters.Core.Tests.MessagePack;

/// <summary>Anything that is not exactly one valid value of the target type fails with a <see cref="FormatReadException"/>.</summary>
public sealed class StrictnessTests
{
    private static readonly Type[] s_targets =
    [
        typeof(object), typeof(int), typeof(string), typeof(byte[]), typeof(List<object>), typeof(int[]),
        typeof(Dictionary<string, object>), typeof(MpOrder), typeof(MpPoint), typeof(MpStruct), typeof(DateTime), typeof(double),
    ];

    [Fact]
    public void The_never_used_byte_is_refused_everywhere()
    {
        foreach (var type in s_targets)
        {
            ReadFails(Bytes("c1"), type);
        }

        ReadFails<List<object>>(Bytes("91 c1"));
        ReadFails<object>(Bytes("92 01 c1"));
        ReadFails<Dictionary<string, object>>(Bytes("81 a1 61 c1"));
        ReadFails<object>(Bytes("81 c1 01"));
        ReadFails<MpLine>(Bytes("81" + Str("quantity") + "c1"));

        // Also under members that are skipped, and as a skipped key.
        ReadFails<MpLine>(Bytes("81" + Str("unknown") + "c1"));
        ReadFails<MpLine>(Bytes("81" + Str("unknown") + "92 01 c1"));
        ReadFails<MpLine>(Bytes("81 c1 01"));
        ReadFails<MpLine>(Bytes("81 01 c1"));
    }

    [Fact]
    public void Keys_of_objects_must_be_utf8_whether_they_name_a_member_or_not()
    {
        // A member's name followed by a stray byte, an unknown key, and a key of a lone continuation byte.
        Assert.Contains("UTF-8", ReadFails<MpLine>(Bytes("81 a9" + Convert.ToHexString("quantity"u8) + "ff 01")).Message, StringComparison.Ordinal);
        Assert.Contains("UTF-8", ReadFails<MpLine>(Bytes("81 a2 c3 28 01")).Message, StringComparison.Ordinal);
        Assert.Contains("UTF-8", ReadFails<MpLine>(Bytes("81 a1 80 01")).Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Every_truncation_of_a_valid_graph_fails_and_the_whole_succeeds()
    {
        AssertEveryPrefixFails(ObjectRoundTripTests.SampleOrder());
        AssertEveryPrefixFails(new MpAllTypes
        {
            Big = Int128.MaxValue,
            U64 = ulong.MaxValue,
            I64 = long.MinValue,
            Money = 12.345m,
            Real = double.NaN,
            Single = 1.5f,
            Text = "日本😀",
            When = new DateTime(2024, 5, 1, 12, 0, 0, DateTimeKind.Utc),
            Link = new Uri("https://example.com"),
            Blob = new byte[300],
            Permissions = MpPermissions.Read | MpPermissions.Write,
            MaybeNumber = 70_000,
            Names = ["a", new string('b', 40)],
            ById = new() { [1] = "x", [2] = "" },
            Anything = new List<object?> { new Dictionary<string, object?> { ["k"] = new List<object?> { 1L, 2.5, "s", null, true, new byte[] { 1 } } } },
        });
        AssertEveryPrefixFails(new MpLabeledPoint("label", new MpPoint(int.MinValue, int.MaxValue), 0.125) { Note = "n" });
        AssertEveryPrefixFails(new MpNode { Value = 1, Children = [new MpNode { Value = 2, Next = new MpNode() }] });
        AssertEveryPrefixFails(new Dictionary<Guid, List<MpStruct>> { [Guid.Empty] = [new MpStruct { A = 1, B = "x", C = 2 }] });
        AssertEveryPrefixFails(new List<string?> { new string('x', 300), null, "" });
        AssertEveryPrefixFails(new[] { 0L, 128L, 70_000L, 5_000_000_000L, -1L, -200L, -40_000L, -3_000_000_000L });
    }

    [Fact]
    public void Every_truncation_of_a_tree_read_as_object_fails()
    {
        byte[] bytes = Serialize(ObjectRoundTripTests.SampleOrder());
        Assert.NotNull(Deserialize<object>(bytes));
        for (int length = 0; length < bytes.Length; length++)
        {
            AssertFailsWithFormatReadException<object>(bytes[..length], length);
        }
    }

    [Theory]
    [InlineData("c0")]
    [InlineData("00")]
    [InlineData("c1")]
    [InlineData("90")]
    [InlineData("a0")]
    [InlineData("c3 c3")]
    public void Trailing_bytes_after_the_value_fail(string trailing)
    {
        byte[] order = Serialize(ObjectRoundTripTests.SampleOrder());
        ReadFails<MpOrder>(Concat(order, Bytes(trailing)));
        ReadFails<object>(Concat(order, Bytes(trailing)));
        ReadFails<int>(Concat(Bytes("01"), Bytes(trailing)));
        ReadFails<string>(Concat(Bytes("a0"), Bytes(trailing)));
        ReadFails<int?>(Concat(Bytes("c0"), Bytes(trailing)));
        ReadFails<List<int>>(Concat(Bytes("90"), Bytes(trailing)));
        var exception = ReadFails(Concat(Bytes("91 01"), Bytes(trailing)), typeof(int[]));
        Assert.Equal(2, exception.BytePosition);
    }

    [Fact]
    public void Empty_input_fails()
    {
        foreach (var type in s_targets.Append(typeof(int?)).Append(typeof(string)))
        {
            ReadFails(Array.Empty<byte>(), type);
        }
    }

    [Theory]
    [InlineData("a2 c3 28")]
    [InlineData("a1 80")]
    [InlineData("a1 ff")]
    [InlineData("a2 c0 80")]
    [InlineData("a3 e0 80 80")]
    [InlineData("a3 ed a0 80")]
    [InlineData("a4 f4 90 80 80")]
    [InlineData("a2 e4 b8")]
    [InlineData("d9 02 c3 28")]
    public void Invalid_utf8_in_a_string_fails(string hex)
    {
        byte[] str = Bytes(hex);
        ReadFails<string>(str);
        ReadFails<object>(str);
        ReadFails<char>(str);
        ReadFails<Uri>(str);
        ReadFails<List<string>>(Concat(Bytes("91"), str));
        ReadFails<Dictionary<string, int>>(Concat(Bytes("81"), str, Bytes("01")));
        ReadFails<Dictionary<string, object>>(Concat(Bytes("81"), str, Bytes("01")));
        ReadFails<MpLine>(Concat(Bytes("81" + Str("sku")), str));

        // A key that is not valid UTF-8 is not a member name either, even though it would be skipped.
        ReadFails<MpLine>(Concat(Bytes("81"), str, Bytes("01")));
        // Nor a string under a skipped member.
        ReadFails<MpLine>(Concat(Bytes("81" + Str("unknown")), str));
    }

    [Theory]
    // A string where an integer is expected.
    [InlineData("a3 61 62 63", typeof(int))]
    [InlineData("a0", typeof(long))]
    [InlineData("a4 31 2e 35 30", typeof(int))]
    [InlineData("a3 61 62 63", typeof(decimal))]
    [InlineData("a3 61 62 63", typeof(double))]
    [InlineData("a3 61 62 63", typeof(bool))]
    [InlineData("a3 61 62 63", typeof(MpColor))]
    [InlineData("a3 61 62 63", typeof(Guid))]
    [InlineData("a3 61 62 63", typeof(DateTime))]
    [InlineData("a3 61 62 63", typeof(TimeSpan))]
    [InlineData("a3 61 62 63", typeof(byte[]))]
    [InlineData("a3 61 62 63", typeof(MpLine))]
    [InlineData("a3 61 62 63", typeof(int[]))]
    [InlineData("a0", typeof(char))]
    [InlineData("a2 61 62", typeof(char))]
    [InlineData("a3 61 62 63", typeof(char))]
    [InlineData("a4 61 62 63 64", typeof(char))]
    [InlineData("a4 f0 9f 98 80", typeof(char))]
    // A map where an array is expected, and the reverse.
    [InlineData("80", typeof(int[]))]
    [InlineData("80", typeof(List<int>))]
    [InlineData("80", typeof(IEnumerable<int>))]
    [InlineData("80", typeof(HashSet<int>))]
    [InlineData("90", typeof(Dictionary<string, int>))]
    [InlineData("90", typeof(MpLine))]
    [InlineData("90", typeof(MpPoint))]
    [InlineData("90", typeof(MpStruct))]
    // Nil into a non-nullable struct.
    [InlineData("c0", typeof(int))]
    [InlineData("c0", typeof(bool))]
    [InlineData("c0", typeof(double))]
    [InlineData("c0", typeof(decimal))]
    [InlineData("c0", typeof(Guid))]
    [InlineData("c0", typeof(DateTime))]
    [InlineData("c0", typeof(DateTimeOffset))]
    [InlineData("c0", typeof(TimeSpan))]
    [InlineData("c0", typeof(char))]
    [InlineData("c0", typeof(MpColor))]
    [InlineData("c0", typeof(MpStruct))]
    [InlineData("c0", typeof(MpRecordStruct))]
    [InlineData("c0", typeof(Int128))]
    // Other mismatches.
    [InlineData("c3", typeof(string))]
    [InlineData("01", typeof(string))]
    [InlineData("c4 01 61", typeof(string))]
    [InlineData("a1 61", typeof(byte[]))]
    [InlineData("01", typeof(bool))]
    [InlineData("c3", typeof(int))]
    [InlineData("c3", typeof(double))]
    [InlineData("90", typeof(int))]
    [InlineData("80", typeof(string))]
    [InlineData("01", typeof(Guid))]
    [InlineData("01", typeof(DateTime))]
    [InlineData("c3", typeof(MpColor))]
    [InlineData("a6 50 75 72 70 6c 65", typeof(MpColor))]
    [InlineData("a9 52 65 61 64 2c 20 42 61 64", typeof(MpPermissions))]
    [InlineData("a4 52 65 61 64", typeof(MpColor))]
    [InlineData("ca 3f c0 00 00", typeof(MpColor))]
    [InlineData("81 01 02", typeof(Dictionary<string, int>))]
    [InlineData("81 a1 61 01", typeof(Dictionary<int, int>))]
    [InlineData("81 a1 61 01", typeof(Dictionary<Guid, int>))]
    [InlineData("81 a1 61 01", typeof(Dictionary<MpColor, int>))]
    [InlineData("81 cd 01 2c 01", typeof(Dictionary<byte, int>))]
    [InlineData("81 c0 01", typeof(Dictionary<string, int>))]
    [InlineData("81 ca 3f c0 00 00 01", typeof(Dictionary<int, int>))]
    [InlineData("81 90 01", typeof(object))]
    [InlineData("81 c0 01", typeof(object))]
    public void Wrong_types_fail(string hex, Type type) => ReadFails(Bytes(hex), type);

    [Theory]
    [InlineData("cd 01 2c", typeof(byte))]
    [InlineData("d1 01 00", typeof(byte))]
    [InlineData("ff", typeof(byte))]
    [InlineData("cc 80", typeof(sbyte))]
    [InlineData("d1 ff 7f", typeof(sbyte))]
    [InlineData("cd 80 00", typeof(short))]
    [InlineData("d2 ff ff 7f ff", typeof(short))]
    [InlineData("ff", typeof(ushort))]
    [InlineData("ce 00 01 00 00", typeof(ushort))]
    [InlineData("ce 80 00 00 00", typeof(int))]
    [InlineData("d3 ff ff ff ff 7f ff ff ff", typeof(int))]
    [InlineData("ff", typeof(uint))]
    [InlineData("e0", typeof(uint))]
    [InlineData("d0 80", typeof(uint))]
    [InlineData("cf 00 00 00 01 00 00 00 00", typeof(uint))]
    [InlineData("cf ff ff ff ff ff ff ff ff", typeof(long))]
    [InlineData("cf 80 00 00 00 00 00 00 00", typeof(long))]
    [InlineData("ff", typeof(ulong))]
    [InlineData("d3 80 00 00 00 00 00 00 00", typeof(ulong))]
    [InlineData("ff", typeof(UInt128))]
    [InlineData("ff", typeof(uint?))]
    [InlineData("cd 01 00", typeof(byte?))]
    [InlineData("cd 01 00", typeof(MpSmall))]
    [InlineData("ff", typeof(MpUnsignedLong))]
    [InlineData("ce 80 00 00 00", typeof(MpColor))]
    [InlineData("91 cd 01 2c", typeof(byte[]))]
    [InlineData("91 cd 01 2c", typeof(List<byte>))]
    // Integers as strings (how 128-bit values travel) are range-checked too.
    [InlineData("a3 33 30 30", typeof(byte))]
    [InlineData("a2 2d 31", typeof(uint))]
    [InlineData("b4 31 38 34 34 36 37 34 34 30 37 33 37 30 39 35 35 31 36 31 36", typeof(ulong))]
    public void Integers_out_of_range_fail(string hex, Type type) => ReadFails(Bytes(hex), type);

    [Theory]
    [InlineData("ca 3f c0 00 00", typeof(int))]
    [InlineData("ca 3f 80 00 00", typeof(int))]
    [InlineData("cb 3f f8 00 00 00 00 00 00", typeof(long))]
    [InlineData("cb 3f f0 00 00 00 00 00 00", typeof(byte))]
    [InlineData("cb 00 00 00 00 00 00 00 00", typeof(ulong))]
    [InlineData("cb 7f f8 00 00 00 00 00 00", typeof(int))]
    [InlineData("ca 3f c0 00 00", typeof(Int128))]
    [InlineData("ca 3f c0 00 00", typeof(int?))]
    [InlineData("91 ca 3f c0 00 00", typeof(List<int>))]
    public void Floats_into_integers_fail(string hex, Type type) => ReadFails(Bytes(hex), type);

    [Theory]
    // A double that does not fit the type is an error, not an infinity.
    [InlineData("cb 7f ef ff ff ff ff ff ff", typeof(float))]
    [InlineData("cb 54 b2 49 ad 25 94 c3 7d", typeof(float))]
    [InlineData("cb 41 f0 00 00 00 00 00 00", typeof(Half))]
    [InlineData("ce 00 01 00 00", typeof(Half))]
    // Decimal: beyond its range, however the number arrives.
    [InlineData("cb 54 b2 49 ad 25 94 c3 7d", typeof(decimal))]
    [InlineData("cb 7f f0 00 00 00 00 00 00", typeof(decimal))]
    [InlineData("cb 7f f8 00 00 00 00 00 00", typeof(decimal))]
    [InlineData("cb 45 f0 00 00 00 00 00 00", typeof(decimal))]
    [InlineData("cb c5 f0 00 00 00 00 00 00", typeof(decimal))]
    [InlineData("a5 31 65 34 30 30", typeof(decimal))]
    [InlineData("a3 4e 61 4e", typeof(decimal))]
    public void Numbers_out_of_range_for_floating_types_fail(string hex, Type type) => ReadFails(Bytes(hex), type);

    public static TheoryData<string> LyingHeaders => new()
    {
        "dd ff ff ff ff",
        "dd 7f ff ff ff",
        "dc ff ff",
        "df ff ff ff ff",
        "df 7f ff ff ff",
        "de ff ff",
        "db 7f ff ff ff",
        "db ff ff ff ff",
        "da ff ff",
        "d9 ff",
        "bf",
        "c6 7f ff ff ff",
        "c6 ff ff ff ff",
        "c5 ff ff",
        "c4 ff",
        "c9 7f ff ff ff 01",
        "c9 ff ff ff ff 01",
        "c8 ff ff 01",
        "c7 ff 01",
        "9f",
        "8f",
    };

    [Theory]
    [MemberData(nameof(LyingHeaders))]
    public void Lying_headers_fail_alone_and_followed_by_a_few_bytes(string header)
    {
        foreach (string tail in new[] { "", "00", "01 02 03 04 05 06 07 08", "c0 c0 c0 c0", "a1 61 a1 62" })
        {
            byte[] data = Bytes(header + tail);
            foreach (var type in s_targets.Append(typeof(List<List<object>>)).Append(typeof(Dictionary<string, string>)).Append(typeof(MpNode)))
            {
                ReadFails(data, type);
            }

            ReadFails<List<object>>(Concat(Bytes("91"), data));
            ReadFails<MpOrder>(Concat(Bytes("81" + Str("extra")), data));
            ReadFails<MpOrder>(Concat(Bytes("81" + Str("unknown")), data));
        }
    }

    [Fact]
    public void Lengths_are_checked_against_the_bytes_left_not_the_whole_body()
    {
        // The outer array leaves 3 bytes; the string claims 4.
        ReadFails<List<string>>(Bytes("92 a4 61 62 63 c0"));
        ReadFails<List<object>>(Bytes("92 c4 04 61 62 63 c0"));

        // A map's entries need two bytes each.
        ReadFails<Dictionary<string, object>>(Bytes("82 a0 c0 c0"));
        Assert.Single(Deserialize<Dictionary<string, object?>>(Bytes("81 a0 c0")));
    }

    [Fact]
    public void Errors_report_the_offset_of_the_offending_byte()
    {
        // The first byte of the offending value (a header that claims more than the body holds included); the end of
        // the body when a value is cut short; the first stray byte after the value.
        Assert.Equal(3, ReadFails<List<int>>(Bytes("93 01 02 a1 61 c0 c0 c0")).BytePosition);
        Assert.Equal(3, ReadFails<List<int>>(Bytes("93 01 02 c3 c0 c0 c0")).BytePosition);
        Assert.Equal(0, ReadFails<int>(Bytes("c1")).BytePosition);
        Assert.Equal(1, ReadFails<List<byte>>(Bytes("91 cd 01 00")).BytePosition);
        Assert.Equal(0, ReadFails<List<int>>(Bytes("93 01 02")).BytePosition);
        Assert.Equal(2, ReadFails<int>(Bytes("cd 01")).BytePosition);
        Assert.Equal(1, ReadFails<int>(Bytes("01 02")).BytePosition);
    }

    private static void AssertEveryPrefixFails<T>(T value)
    {
        byte[] bytes = Serialize(value);
        Assert.Equal(Hex(bytes), Hex(Serialize(Deserialize<T>(bytes))));
        for (int length = 0; length < bytes.Length; length++)
        {
            AssertFailsWithFormatReadException<T>(bytes[..length], length);
        }
    }

    private static void AssertFailsWithFormatReadException<T>(byte[] prefix, int length)
    {
        try
        {
            Deserialize<T>(prefix);
        }
        catch (FormatReadException exception)
        {
            Assert.Equal("msgpack", exception.Format);
            return;
        }
        catch (Exception exception)
        {
            throw new Xunit.Sdk.XunitException($"The prefix of {length} bytes ({Hex(prefix)}) as {typeof(T).Name} threw {exception.GetType().Name}: {exception.Message}");
        }

        throw new Xunit.Sdk.XunitException($"The prefix of {length} bytes ({Hex(prefix)}) as {typeof(T).Name} was accepted.");
    }
}
