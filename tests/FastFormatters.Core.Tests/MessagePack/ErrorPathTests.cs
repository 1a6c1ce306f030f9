using static FastFormatters.Core.Tests.MessagePack.MsgPackTestHelpers;

namespace FastFormatters.Core.Tests.MessagePack;

/// <summary>A failure names where in the document it lies, as a JSONPath with the wire names.</summary>
public sealed class ErrorPathTests : JsonContractTestBase
{
    /// <summary>A valid order as an object tree, so one value can be replaced by a wrong one.</summary>
    private static Dictionary<string, object?> OrderTree() => new()
    {
        ["id"] = "0f8fad5b-d9cb-469f-a165-70867728950e",
        ["customer"] = new Dictionary<string, object?> { ["id"] = 1L, ["name"] = "c", ["address"] = new Dictionary<string, object?> { ["street"] = "s" } },
        ["lines"] = new List<object?>
        {
            new Dictionary<string, object?> { ["sku"] = "a", ["quantity"] = 1L, ["price"] = "1.5" },
            new Dictionary<string, object?> { ["sku"] = "b", ["quantity"] = 2L, ["price"] = "2.5" },
        },
        ["prices"] = new Dictionary<string, object?> { ["apple"] = "1.25" },
        ["matrix"] = new List<object?> { new List<object?> { 1L }, new List<object?>(), new List<object?> { 2L, 3L } },
    };

    private static FormatReadException Fails(Dictionary<string, object?> tree)
    {
        byte[] bytes = Serialize<object>(tree);
        return ReadFails<MpOrder>(bytes);
    }

    [Fact]
    public void The_tree_is_a_valid_order()
    {
        var order = Deserialize<MpOrder>(Serialize<object>(OrderTree()));
        Assert.Equal(2, order.Lines[1].Quantity);
        Assert.Equal(3, order.Matrix![2][1]);
    }

    [Theory]
    [InlineData("lots")]
    [InlineData(3.5)]
    [InlineData(true)]
    [InlineData(5_000_000_000L)]
    [InlineData(null)]
    public void A_wrong_value_in_a_list_of_objects(object? wrong)
    {
        var tree = OrderTree();
        ((Dictionary<string, object?>)((List<object?>)tree["lines"]!)[1]!)["quantity"] = wrong;
        Assert.Equal("$.lines[1].quantity", Fails(tree).Path);
    }

    [Fact]
    public void Paths_through_nested_objects_dictionaries_and_arrays()
    {
        var tree = OrderTree();
        ((Dictionary<string, object?>)((Dictionary<string, object?>)tree["customer"]!)["address"]!)["street"] = 5L;
        Assert.Equal("$.customer.address.street", Fails(tree).Path);

        tree = OrderTree();
        ((Dictionary<string, object?>)tree["prices"]!)["apple"] = "cheap";
        Assert.Equal("$.prices.apple", Fails(tree).Path);

        tree = OrderTree();
        ((List<object?>)((List<object?>)tree["matrix"]!)[2]!)[1] = "x";
        Assert.Equal("$.matrix[2][1]", Fails(tree).Path);

        tree = OrderTree();
        ((Dictionary<string, object?>)((List<object?>)tree["lines"]!)[0]!)["price"] = "1,5";
        Assert.Equal("$.lines[0].price", Fails(tree).Path);

        tree = OrderTree();
        tree["id"] = "not a guid";
        Assert.Equal("$.id", Fails(tree).Path);

        tree = OrderTree();
        tree["placedAt"] = "yesterday";
        Assert.Equal("$.placedAt", Fails(tree).Path);

        tree = OrderTree();
        tree["color"] = "Purple";
        Assert.Equal("$.color", Fails(tree).Path);

        tree = OrderTree();
        tree["lines"] = new Dictionary<string, object?>();
        Assert.Equal("$.lines", Fails(tree).Path);
    }

    [Fact]
    public void Paths_use_wire_names_and_reach_into_constructor_parameters()
    {
        var exception = ReadFails<MpDataMembers>(Bytes("81" + Str("identifier") + Str("x")));
        Assert.Equal("$.identifier", exception.Path);

        exception = ReadFails<MpLabeledPoint>(Bytes("82" + Str("label") + Str("l") + Str("point") + "82" + Str("x") + "01" + Str("y") + "c3"));
        Assert.Equal("$.point.y", exception.Path);

        exception = ReadFails<List<MpLabeledPoint>>(Bytes("92 80 81" + Str("weight") + Str("heavy")));
        Assert.Equal("$[1].weight", exception.Path);

        var snake = Options(o => o.Unified.NamingPolicy = System.Text.Json.JsonNamingPolicy.SnakeCaseLower);
        exception = ReadFails<MpNaming>(Bytes("81" + Str("order_id") + Str("x")), snake);
        Assert.Equal("$.order_id", exception.Path);
    }

    [Fact]
    public void Paths_in_dictionaries_with_non_string_keys_and_in_object_trees()
    {
        var exception = ReadFails<Dictionary<int, List<int>>>(Bytes("81" + Str("7") + "92 01 a1 78"));
        Assert.Equal("$.7[1]", exception.Path);

        exception = ReadFails<Dictionary<MpColor, int>>(Bytes("81" + Str("Blue") + "c0"));
        Assert.Equal("$.Blue", exception.Path);

        exception = ReadFails<object>(Bytes("81" + Str("a") + "92 01 81" + Str("b") + "c1"));
        Assert.Equal("$.a[1].b", exception.Path);

        exception = ReadFails<MpOrder>(Bytes("81" + Str("extra") + "81" + Str("deep") + "91 c1"));
        Assert.Equal("$.extra.deep[0]", exception.Path);

        exception = ReadFails<object>(Bytes("81 07 91 c1"));
        Assert.Equal("$.7[0]", exception.Path);
    }

    [Fact]
    public void Paths_through_extension_data_name_the_member()
    {
        // A member the type does not declare goes to its [JsonExtensionData] dictionary; a failure inside it must
        // still say which member it was read for.
        var exception = ReadFails<MpWithExtensionData>(Bytes("82" + Str("known") + "01" + Str("other") + "92 01 c1"));
        Assert.Equal("$.other[1]", exception.Path);

        exception = ReadFails<MpWithExtensionData>(Bytes("81" + Str("other") + "81" + Str("inner") + "c1"));
        Assert.Equal("$.other.inner", exception.Path);
    }

    [Fact]
    public void Failures_at_the_root_have_the_root_path()
    {
        Assert.Equal("$", ReadFails<int>(Bytes("a1 61")).Path);
        Assert.Equal("$", ReadFails<MpOrder>(Bytes("90")).Path);
        Assert.Equal("$", ReadFails<List<int>>(Bytes("91 01 02")).Path);
    }

    [Fact]
    public void Deep_paths_are_complete()
    {
        byte[] body = Concat(Repeat(Bytes("91"), 100), Bytes("c1"));
        Assert.Equal("$" + string.Concat(Enumerable.Repeat("[0]", 100)), ReadFails<object>(body).Path);
        Assert.Equal("$" + string.Concat(Enumerable.Repeat("[0]", 100)), ReadFails<List<List<object>>>(body).Path);

        var typed = ReadFails<List<List<int>>>(Bytes("92 90 93 01 02 c3"));
        Assert.Equal("$[1][2]", typed.Path);
    }
}
