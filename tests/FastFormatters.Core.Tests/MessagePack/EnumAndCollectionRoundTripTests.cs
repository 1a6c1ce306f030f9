using static FastFormatters.Core.Tests.MessagePack.MsgPackTestHelpers;

namespace FastFormatters.Core.Tests.MessagePack;

/// <summary>Enums, arrays, collections and dictionaries through MessagePack.</summary>
public sealed class EnumAndCollectionRoundTripTests
{
    // MessagePack-CSharp's DynamicEnumAsStringResolver form; the default is its standard resolvers' numbers.
    private static readonly FastSerializerOptions s_names = Options(o => o.MessagePack.EnumsAsStrings = true);

    [Fact]
    public void Enums_are_names_with_EnumsAsStrings()
    {
        AssertRoundTrip(MpColor.Red, Str("Red"), s_names);
        AssertRoundTrip(MpColor.Blue, Str("Blue"), s_names);
        // [JsonStringEnumMemberName] is System.Text.Json's: MessagePack-CSharp names the field ([EnumMember] aside).
        AssertRoundTrip(MpColor.DarkRed, Str("DarkRed"), s_names);
        AssertRoundTrip(MpSmall.Negative, Str("Negative"), s_names);
        AssertRoundTrip(MpUnsignedLong.Max, Str("Max"), s_names);

        // A value without a name is its number as text, as DynamicEnumAsStringResolver writes it (Enum.ToString).
        AssertRoundTrip((MpColor)99, Str("99"), s_names);
        AssertRoundTrip((MpSmall)(-7), Str("-7"), s_names);
    }

    [Fact]
    public void Enums_are_their_numbers_by_default_as_MessagePack_CSharp_writes_them()
    {
        AssertRoundTrip(MpColor.Red, "00");
        AssertRoundTrip(MpColor.Blue, "0a");
        AssertRoundTrip(MpColor.DarkRed, "0b");
        AssertRoundTrip(MpSmall.Negative, "fb");
        AssertRoundTrip(MpUnsignedLong.Max, "cfffffffffffffffff");
        AssertRoundTrip(MpPermissions.Read | MpPermissions.Execute, "05");
    }

    [Fact]
    public void Arrays_past_the_presizing_limit_and_bad_elements_read_as_arrays_within_it_do()
    {
        // 5,000 elements claim more than one collection may pre-size (4,096): read through a growing list instead.
        AssertSequence(Enumerable.Range(0, 5_000).ToArray());
        AssertSequence(Enumerable.Range(0, 5_000).Select(i => i.ToString(System.Globalization.CultureInfo.InvariantCulture)).ToArray());

        Assert.Equal("$[1]", ReadFails<int[]>(Bytes("92 01" + Str("x"))).Path);
        Assert.Equal("$[4096]", ReadFails<int[]>(Concat(Bytes("dd00001388"), Repeat(Bytes("01"), 4_096), Bytes(Str("x")), Repeat(Bytes("01"), 903))).Path);
    }

    [Fact]
    public void Flags_are_comma_separated_names_with_EnumsAsStrings()
    {
        AssertRoundTrip(MpPermissions.Read | MpPermissions.Write, Str("Read, Write"), s_names);
        AssertRoundTrip(MpPermissions.Read | MpPermissions.Write | MpPermissions.Execute, Str("Read, Write, Execute"), s_names);
        AssertRoundTrip(MpPermissions.None, Str("None"), s_names);
        AssertRoundTrip(MpPermissions.Execute, Str("Execute"), s_names);

        // Bits without a name make the value its number, as text.
        AssertRoundTrip((MpPermissions)9, Str("9"), s_names);
    }

    [Fact]
    public void Enum_readers_accept_names_case_insensitively_and_numbers_whatever_the_options()
    {
        Assert.Equal(MpColor.Blue, Deserialize<MpColor>(Bytes(Str("blue"))));
        Assert.Equal(MpColor.Blue, Deserialize<MpColor>(Bytes("0a")));
        Assert.Equal(MpColor.Blue, Deserialize<MpColor>(Bytes(Str("Blue")), s_names));
        Assert.Equal(MpColor.DarkRed, Deserialize<MpColor>(Bytes(Str("DARK-RED"))));
        Assert.Equal(MpPermissions.Read | MpPermissions.Execute, Deserialize<MpPermissions>(Bytes(Str("read,execute"))));
        Assert.Equal(MpPermissions.Read | MpPermissions.Write, Deserialize<MpPermissions>(Bytes("03"), s_names));
        Assert.Equal(MpSmall.Negative, Deserialize<MpSmall>(Bytes("d0 fb")));
    }

    [Fact]
    public void Arrays_and_lists()
    {
        AssertSequence(new[] { 1, 2, 3 }, "93010203");
        AssertSequence(new List<string> { "a", "é" }, "92a161a2c3a9");
        AssertSequence(Array.Empty<int>(), "90");
        AssertRoundTrip<int[]?>(null, "c0");
        AssertRoundTrip<List<int>?>(null, "c0");
        AssertSequence(new[] { new[] { 1 }, Array.Empty<int>(), new[] { 2, 3 } }.Select(x => x.ToList()).ToList(), "939101909202" + "03");
        AssertSequence(new int?[] { 1, null, 3 }, "9301c003");
        AssertSequence(Enumerable.Range(0, 1000).Select(i => i * 1000L).ToArray());
        AssertSequence(new[] { MpColor.Red, MpColor.Green }, "920001");
        AssertSequence(new[] { 1.5m, 2.50m }, "92" + Str("1.5") + Str("2.50"));
    }

    [Fact]
    public void Sequence_interfaces_and_sets()
    {
        var enumerable = RoundTrip<IEnumerable<int>>(new[] { 1, 2, 3 });
        Assert.IsType<List<int>>(enumerable);
        Assert.Equal(new[] { 1, 2, 3 }, enumerable);

        // A lazy sequence is counted before its header is written.
        Assert.Equal("93000102", Hex(Serialize<IEnumerable<int>>(Enumerable.Range(0, 3).Select(i => i))));

        var readOnlyList = RoundTrip<IReadOnlyList<string>>(new List<string> { "x", "y" });
        Assert.Equal(new[] { "x", "y" }, readOnlyList);

        var list = RoundTrip<IList<int>>(new List<int> { 4, 5 });
        Assert.Equal(new[] { 4, 5 }, list);

        var collection = RoundTrip<ICollection<int>>(new List<int> { 6 });
        Assert.Equal(new[] { 6 }, collection);

        var set = RoundTrip(new HashSet<string> { "a", "b", "c" });
        Assert.IsType<HashSet<string>>(set);
        Assert.True(set.SetEquals(new[] { "a", "b", "c" }));

        var readOnlySet = RoundTrip<ISet<int>>(new HashSet<int> { 1, 2 });
        Assert.True(readOnlySet.SetEquals(new[] { 1, 2 }));
    }

    [Fact]
    public void String_keyed_dictionaries()
    {
        var dictionary = new Dictionary<string, int> { ["one"] = 1, ["two"] = 2, ["é😀"] = -1 };
        Assert.Equal("83" + Str("one") + "01" + Str("two") + "02" + Str("é😀") + "ff", Hex(Serialize(dictionary)));
        Assert.Equal(dictionary, RoundTrip(dictionary));
        Assert.Equal(dictionary, RoundTrip<IDictionary<string, int>>(dictionary));
        Assert.Equal(dictionary, RoundTrip<IReadOnlyDictionary<string, int>>(dictionary));
        AssertRoundTrip<Dictionary<string, int>?>(null, "c0");
        Assert.Empty(RoundTrip(new Dictionary<string, string>()));

        var nested = new Dictionary<string, List<MpPoint>?> { ["a"] = [new MpPoint(1, 2)], ["b"] = null };
        var read = RoundTrip(nested);
        Assert.Equal(new MpPoint(1, 2), Assert.Single(read["a"]!));
        Assert.Null(read["b"]);
    }

    [Fact]
    public void Integer_keyed_dictionaries_use_integer_keys_and_accept_text_keys()
    {
        var dictionary = new Dictionary<int, string> { [1] = "a", [-20] = "b", [int.MaxValue] = "c" };
        byte[] bytes = Serialize(dictionary);
        Assert.Equal(Normalize("83 01" + Str("a") + "ec" + Str("b") + "ce7fffffff" + Str("c")), Hex(bytes));
        Assert.Equal(dictionary, Deserialize<Dictionary<int, string>>(bytes));

        // Text keys, as this library wrote them before it matched MessagePack-CSharp.
        var fromText = Deserialize<Dictionary<int, string>>(Bytes("82" + Str("1") + Str("a") + Str("-20") + Str("b")));
        Assert.Equal(new Dictionary<int, string> { [1] = "a", [-20] = "b" }, fromText);

        var longKeys = new Dictionary<long, bool> { [long.MinValue] = true, [0] = false };
        Assert.Equal(longKeys, RoundTrip(longKeys));
        var byteKeys = Deserialize<Dictionary<byte, int>>(Bytes("81 cc ff 01"));
        Assert.Equal(1, byteKeys[255]);
        var ulongKeys = new Dictionary<ulong, int> { [ulong.MaxValue] = 1 };
        Assert.Equal(Normalize("81 cfffffffffffffffff 01"), Hex(Serialize(ulongKeys)));
        Assert.Equal(ulongKeys, RoundTrip(ulongKeys));
    }

    [Fact]
    public void Guid_keys_are_text_and_enum_keys_are_written_as_the_enum_values_are()
    {
        var id = new Guid("0f8fad5b-d9cb-469f-a165-70867728950e");
        var byGuid = new Dictionary<Guid, int> { [id] = 7, [Guid.Empty] = 0 };
        Assert.Equal(new[] { "0f8fad5b-d9cb-469f-a165-70867728950e", "00000000-0000-0000-0000-000000000000" }, MsgPackDecoder.MapKeys(Serialize(byGuid)));
        Assert.Equal(byGuid, RoundTrip(byGuid));

        var byColor = new Dictionary<MpColor, string> { [MpColor.Red] = "r", [MpColor.DarkRed] = "dr" };
        Assert.Equal(Normalize("82 00" + Str("r") + "0b" + Str("dr")), Hex(Serialize(byColor)));
        Assert.Equal(byColor, RoundTrip(byColor));

        // Names with EnumsAsStrings, as MessagePack-CSharp's DynamicEnumAsStringResolver writes keys.
        Assert.Equal(new[] { "Red", "DarkRed" }, MsgPackDecoder.MapKeys(Serialize(byColor, s_names)));
        Assert.Equal(byColor, RoundTrip(byColor, s_names));
    }

    [Fact]
    public void Enum_keys_without_a_name_are_their_number_with_EnumsAsStrings_and_read_back()
    {
        var byColor = new Dictionary<MpColor, string> { [MpColor.Red] = "r", [(MpColor)42] = "?" };
        byte[] bytes = Serialize(byColor, s_names);
        Assert.Equal("82" + Str("Red") + Str("r") + Str("42") + Str("?"), Hex(bytes));
        Assert.Equal(byColor, Deserialize<Dictionary<MpColor, string>>(bytes));

        var bySmall = new Dictionary<MpSmall, int> { [(MpSmall)(-7)] = 1 };
        Assert.Equal("81" + Str("-7") + "01", Hex(Serialize(bySmall, s_names)));
        Assert.Equal(bySmall, Deserialize<Dictionary<MpSmall, int>>(Serialize(bySmall, s_names)));
    }

    [Fact]
    public void Flags_enum_keys_are_comma_separated_names_with_EnumsAsStrings_and_read_back()
    {
        var byFlags = new Dictionary<MpPermissions, int> { [MpPermissions.Read | MpPermissions.Write] = 3, [MpPermissions.Execute] = 4 };
        byte[] bytes = Serialize(byFlags, s_names);
        Assert.Equal(new[] { "Read, Write", "Execute" }, MsgPackDecoder.MapKeys(bytes));
        Assert.Equal(byFlags, Deserialize<Dictionary<MpPermissions, int>>(bytes));
    }

    [Fact]
    public void A_repeated_key_keeps_the_last_value()
    {
        var read = Deserialize<Dictionary<string, int>>(Bytes("82" + Str("a") + "01" + Str("a") + "02"));
        Assert.Equal(2, Assert.Single(read).Value);
    }

    private static void AssertSequence<T>(T value, string? expectedHex = null)
        where T : System.Collections.IEnumerable
    {
        if (expectedHex is not null)
        {
            Assert.Equal(expectedHex, Hex(Serialize(value)));
        }

        Assert.Equal(value, RoundTrip(value));
    }
}
