using static FastFormatters.Core.Tests.MessagePack.MsgPackTestHelpers;

namespace FastFormatters.Core.Tests.MessagePack;

/// <summary>Objects, records, structs and the member contract MessagePack shares with JSON (<c>SameAsJson</c>).</summary>
public sealed class ObjectRoundTripTests : JsonContractTestBase
{
    internal static MpOrder SampleOrder() => new()
    {
        Id = new Guid("0f8fad5b-d9cb-469f-a165-70867728950e"),
        Customer = new MpCustomer { Id = 7, Name = "Zoë", Address = new MpAddress { Street = "1 Main St", City = null } },
        Lines =
        [
            new MpLine { Sku = "A-1", Quantity = 2, Price = 9.99m },
            new MpLine { Sku = "B-2", Quantity = 300, Price = 0.50m },
            new MpLine { Sku = null, Quantity = -1, Price = 1234567.1234m },
        ],
        Prices = new Dictionary<string, decimal> { ["apple"] = 1.25m, ["pear"] = 2m },
        PlacedAt = new DateTimeOffset(2024, 5, 1, 12, 30, 0, 250, TimeSpan.FromHours(2)),
        Color = MpColor.DarkRed,
        Discount = 15,
        Signature = [0xde, 0xad, 0xbe, 0xef],
        Matrix = [[1, 2], [], [3]],
        Extra = new Dictionary<string, object?> { ["n"] = 1L, ["list"] = new List<object?> { "x", true, null, 2.5 } },
    };

    [Fact]
    public void Nested_objects_round_trip()
    {
        var order = SampleOrder();
        byte[] bytes = Serialize(order);
        var read = Deserialize<MpOrder>(bytes);

        Assert.Equal(order.Id, read.Id);
        Assert.Equal("Zoë", read.Customer!.Name);
        Assert.Equal(7, read.Customer.Id);
        Assert.Equal("1 Main St", read.Customer.Address!.Street);
        Assert.Null(read.Customer.Address.City);
        Assert.Equal(3, read.Lines.Count);
        Assert.Equal("B-2", read.Lines[1].Sku);
        Assert.Equal(300, read.Lines[1].Quantity);
        Assert.Equal("0.50", read.Lines[1].Price.ToString(System.Globalization.CultureInfo.InvariantCulture));
        Assert.Null(read.Lines[2].Sku);
        Assert.Equal(order.Prices, read.Prices);
        Assert.Equal(order.PlacedAt, read.PlacedAt);
        Assert.Equal(order.PlacedAt.Offset, read.PlacedAt.Offset);
        Assert.Equal(MpColor.DarkRed, read.Color);
        Assert.Equal(15, read.Discount);
        Assert.Equal(order.Signature, read.Signature);
        Assert.Equal(order.Matrix, read.Matrix);
        var extra = Assert.IsType<Dictionary<string, object?>>(read.Extra);
        Assert.Equal(1L, extra["n"]);
        Assert.Equal(new List<object?> { "x", true, null, 2.5 }, extra["list"]);

        // Writing what was read gives the same bytes.
        Assert.Equal(Hex(bytes), Hex(Serialize(read)));
    }

    [Fact]
    public void Objects_are_maps_keyed_by_camel_case_names_in_declaration_order()
    {
        var line = new MpLine { Sku = "A", Quantity = 2, Price = 1.5m };
        Assert.Equal("83" + Str("sku") + Str("A") + Str("quantity") + "02" + Str("price") + Str("1.5"), Hex(Serialize(line)));
        Assert.Equal("80", Hex(Serialize(new object())));
    }

    [Fact]
    public void Members_are_matched_in_any_order_case_insensitively_and_unknown_ones_skipped()
    {
        string hex = "85"
            + Str("price") + Str("2.25")
            + Str("unknown") + "92" + "81" + Str("deep") + "93c0c3" + "c4020102" + "07"
            + Str("QUANTITY") + "05"
            + "01" + Str("integer key")
            + Str("sku") + Str("S");
        var line = Deserialize<MpLine>(Bytes(hex));
        Assert.Equal("S", line.Sku);
        Assert.Equal(5, line.Quantity);
        Assert.Equal(2.25m, line.Price);
    }

    [Fact]
    public void Missing_members_keep_their_defaults()
    {
        var address = Deserialize<MpAddress>(Bytes("81" + Str("city") + Str("Paris")));
        Assert.Equal("", address.Street);
        Assert.Equal("Paris", address.City);
        Assert.Null(Deserialize<MpAddress?>(Bytes("c0")));
    }

    [Fact]
    public void Records_with_positional_constructors()
    {
        var point = new MpPoint(3, -4);
        Assert.Equal("82" + Str("x") + "03" + Str("y") + "fc", Hex(Serialize(point)));
        Assert.Equal(point, RoundTrip(point));

        var labeled = new MpLabeledPoint("p", new MpPoint(1, 2), 2.5) { Note = "n" };
        Assert.Equal(labeled, RoundTrip(labeled));

        // A missing constructor argument takes the parameter's default value.
        var partial = Deserialize<MpLabeledPoint>(Bytes("81" + Str("label") + Str("only")));
        Assert.Equal("only", partial.Label);
        Assert.Null(partial.Point);
        Assert.Equal(1.5, partial.Weight);
        Assert.Null(partial.Note);

        // Members arrive in any order.
        var reordered = Deserialize<MpPoint>(Bytes("82" + Str("y") + "02" + Str("x") + "01"));
        Assert.Equal(new MpPoint(1, 2), reordered);
    }

    [Fact]
    public void Init_only_properties()
    {
        var value = new MpInitOnly { Id = 5, Name = "five", Tags = ["a", "b"] };
        var read = RoundTrip(value);
        Assert.Equal(5, read.Id);
        Assert.Equal("five", read.Name);
        Assert.Equal(new[] { "a", "b" }, read.Tags);
    }

    [Fact]
    public void Structs_and_record_structs()
    {
        var value = new MpStruct { A = -1, B = "b", C = 0.25 };
        Assert.Equal("83" + Str("a") + "ff" + Str("b") + Str("b") + Str("c") + "cb3fd0000000000000", Hex(Serialize(value)));
        Assert.Equal(value, RoundTrip(value));
        Assert.Equal(default, RoundTrip(default(MpStruct)));

        AssertRoundTrip(new MpRecordStruct(4, "four"));
        AssertRoundTrip(new MpReadonlyRecordStruct(-4, long.MaxValue));
        AssertRoundTrip(new[] { new MpRecordStruct(1, "a"), new MpRecordStruct(2, "b") });
    }

    [Fact]
    public void Recursive_types()
    {
        var root = new MpNode
        {
            Value = 1,
            Children = [new MpNode { Value = 2 }, new MpNode { Value = 3, Children = [new MpNode { Value = 4 }] }],
            Next = new MpNode { Value = 5, Next = new MpNode { Value = 6 } },
        };
        byte[] bytes = Serialize(root);
        var read = Deserialize<MpNode>(bytes);
        Assert.Equal(1, read.Value);
        Assert.Equal(2, read.Children!.Count);
        Assert.Equal(4, read.Children[1].Children![0].Value);
        Assert.Null(read.Children[0].Children);
        Assert.Equal(6, read.Next!.Next!.Value);
        Assert.Null(read.Next.Next.Next);
        Assert.Equal(Hex(bytes), Hex(Serialize(read)));

        // A long chain, below the depth limit.
        var chain = new MpNode { Value = 0 };
        var tail = chain;
        for (int i = 1; i < 240; i++)
        {
            tail.Next = new MpNode { Value = i };
            tail = tail.Next;
        }

        var readChain = RoundTrip(chain);
        int count = 0;
        for (var node = readChain; node is not null; node = node.Next)
        {
            Assert.Equal(count++, node.Value);
        }

        Assert.Equal(240, count);
    }

    [Fact]
    public void DataMember_names_ignored_members_and_JsonPropertyName()
    {
        var value = new MpDataMembers { Id = 1, Name = "n", Secret = "s", Email = "e@x", Ignored = 5, Nickname = null, NullableText = null, PlainNumber = 3, BirthDate = new DateOnly(2000, 1, 2) };
        byte[] bytes = Serialize(value);
        Assert.Equal(new[] { "identifier", "Full_Name", "e-mail", "nullableText", "plainNumber", "birthDate" }, MsgPackDecoder.MapKeys(bytes));
        Assert.Equal(6, MsgPackDecoder.MapHeaderCount(bytes));
        var map = Assert.IsType<MsgMap>(MsgPackDecoder.Decode(bytes));
        Assert.Null(map["nullableText"]);
        Assert.Equal((long)new DateOnly(2000, 1, 2).DayNumber, map["birthDate"]);

        var read = Deserialize<MpDataMembers>(bytes);
        Assert.Equal(1, read.Id);
        Assert.Equal("n", read.Name);
        Assert.Equal("e@x", read.Email);
        Assert.Equal("hidden", read.Secret);
        Assert.Equal(99, read.Ignored);
        Assert.Equal(3, read.PlainNumber);
        Assert.Equal(new DateOnly(2000, 1, 2), read.BirthDate);

        // Ignored members are not read either.
        var sneaky = Deserialize<MpDataMembers>(Bytes("82" + Str("secret") + Str("x") + Str("ignored") + "01"));
        Assert.Equal("hidden", sneaky.Secret);
        Assert.Equal(99, sneaky.Ignored);
    }

    [Fact]
    public void JsonIgnore_WhenWritingNull_is_counted_in_the_map_header()
    {
        var without = new MpDataMembers { Nickname = null };
        byte[] bytes = Serialize(without);
        Assert.Equal(0x86, bytes[0]);
        Assert.DoesNotContain("nickname", MsgPackDecoder.MapKeys(bytes));

        var with = new MpDataMembers { Nickname = "nick" };
        bytes = Serialize(with);
        Assert.Equal(0x87, bytes[0]);
        Assert.Equal(new[] { "identifier", "Full_Name", "e-mail", "nickname", "nullableText", "plainNumber", "birthDate" }, MsgPackDecoder.MapKeys(bytes));
        Assert.Equal("nick", Deserialize<MpDataMembers>(bytes).Nickname);
    }

    [Fact]
    public void DataContract_types_take_only_data_members_in_order_and_EmitDefaultValue_false_is_counted()
    {
        var value = new MpDataContract { First = 1, Second = 2, Optional = null, NotAMember = 9 };
        byte[] bytes = Serialize(value);
        Assert.Equal("82" + Str("a") + "01" + Str("b") + "02", Hex(bytes));

        value.Optional = "o";
        bytes = Serialize(value);
        Assert.Equal(3, MsgPackDecoder.MapHeaderCount(bytes));
        // Members without an Order come first, as DataContractSerializer orders them.
        Assert.Equal(new[] { "optional", "a", "b" }, MsgPackDecoder.MapKeys(bytes));
        var read = Deserialize<MpDataContract>(bytes);
        Assert.Equal((1, 2, "o", 5), (read.First, read.Second, read.Optional, read.NotAMember));
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public void OmitNullMembers_writes_a_header_counting_exactly_the_members_written(bool allNull)
    {
        var options = Options(o => o.Unified.OmitNullMembers = true);
        var value = allNull
            ? new MpNullables { Always = 0 }
            : new MpNullables { Text = "t", Number = 0, Point = new MpPoint(0, 0), List = [], Always = 1, NeverOmitted = "x" };
        byte[] bytes = Serialize(value, options);
        var keys = MsgPackDecoder.MapKeys(bytes);
        Assert.Equal(keys.Count, MsgPackDecoder.MapHeaderCount(bytes));
        if (allNull)
        {
            Assert.Equal(0x82, bytes[0]);
            Assert.Equal(new[] { "always", "neverOmitted" }, keys);
        }
        else
        {
            Assert.Equal(0x86, bytes[0]);
            Assert.Equal(new[] { "text", "number", "point", "list", "always", "neverOmitted" }, keys);
        }

        var read = Deserialize<MpNullables>(bytes, options);
        Assert.Equal(Hex(bytes), Hex(Serialize(read, options)));

        // Without the option every member is written.
        Assert.Equal(0x86, Serialize(value)[0]);
    }

    [Fact]
    public void OmitNullMembers_in_nested_objects_and_lists()
    {
        var options = Options(o => o.Unified.OmitNullMembers = true);
        var order = new MpOrder { Lines = [new MpLine { Sku = null, Quantity = 1 }] };
        byte[] bytes = Serialize(order, options);
        var map = Assert.IsType<MsgMap>(MsgPackDecoder.Decode(bytes));
        Assert.Equal(new object?[] { "id", "lines", "placedAt", "color" }, map.Keys);
        var line = Assert.IsType<MsgMap>(Assert.Single(Assert.IsType<List<object?>>(map["lines"])));
        Assert.Equal(new object?[] { "quantity", "price" }, line.Keys);
        Assert.Equal(4, MsgPackDecoder.MapHeaderCount(bytes));
    }

    [Fact]
    public void Extension_data_is_written_as_members_and_counted()
    {
        var value = new MpWithExtensionData
        {
            Known = 1,
            Extra = new Dictionary<string, object?> { ["traceId"] = "abc", ["n"] = 2L, ["nested"] = new Dictionary<string, object?> { ["k"] = null } },
        };
        byte[] bytes = Serialize(value);
        Assert.Equal(0x84, bytes[0]);
        Assert.Equal(new[] { "known", "traceId", "n", "nested" }, MsgPackDecoder.MapKeys(bytes));

        var read = Deserialize<MpWithExtensionData>(bytes);
        Assert.Equal(1, read.Known);
        Assert.Equal("abc", read.Extra!["traceId"]);
        Assert.Equal(2L, read.Extra["n"]);
        var nested = Assert.IsType<Dictionary<string, object?>>(read.Extra["nested"]);
        Assert.Null(nested["k"]);
        Assert.Equal(Hex(bytes), Hex(Serialize(read)));

        Assert.Equal("81" + Str("known") + "00", Hex(Serialize(new MpWithExtensionData())));
        Assert.Null(Deserialize<MpWithExtensionData>(Bytes("81" + Str("known") + "05")).Extra);
    }

    [Fact]
    public void Every_supported_type_as_members()
    {
        var value = new MpAllTypes
        {
            Flag = true,
            U8 = 255,
            I8 = -128,
            I16 = short.MinValue,
            U16 = ushort.MaxValue,
            I32 = int.MinValue,
            U32 = uint.MaxValue,
            I64 = long.MinValue,
            U64 = ulong.MaxValue,
            Big = Int128.MaxValue,
            Money = -0.010m,
            Real = double.NaN,
            Single = float.NegativeInfinity,
            Letter = 'ß',
            Text = "τεχτ",
            Id = Guid.Parse("6f9619ff-8b86-d011-b42d-00c04fc964ff"),
            When = new DateTime(2020, 2, 29, 23, 59, 59, 999, DateTimeKind.Utc),
            WhenOffset = new DateTimeOffset(1999, 12, 31, 23, 0, 0, TimeSpan.FromHours(-5)),
            Day = new DateOnly(1970, 1, 1),
            Time = new TimeOnly(23, 59, 59),
            Duration = TimeSpan.FromTicks(-1),
            Link = new Uri("https://example.org/?a=1&b=2"),
            Blob = [0, 255],
            Color = MpColor.Green,
            Permissions = MpPermissions.Write | MpPermissions.Execute,
            MaybeNumber = null,
            Names = ["x", ""],
            ById = new Dictionary<int, string> { [3] = "three" },
            Anything = new List<object?> { 1L, "two", new Dictionary<string, object?> { ["three"] = 3.0 } },
        };
        byte[] bytes = Serialize(value);
        var read = Deserialize<MpAllTypes>(bytes);
        Assert.Equal(Hex(bytes), Hex(Serialize(read)));
        Assert.Equal(value.Big, read.Big);
        Assert.Equal("-0.010", read.Money.ToString(System.Globalization.CultureInfo.InvariantCulture));
        Assert.True(double.IsNaN(read.Real));
        Assert.Equal(value.When, read.When);
        Assert.Equal(DateTimeKind.Utc, read.When.Kind);
        Assert.Equal(value.WhenOffset.Offset, read.WhenOffset.Offset);
        Assert.Equal('ß', read.Letter);
        Assert.Equal(value.Link, read.Link);
        Assert.Equal(value.Permissions, read.Permissions);
        Assert.Equal(value.ById, read.ById);
    }
}
