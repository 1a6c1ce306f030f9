using static FastFormatters.Core.Tests.Json.JsonTestHelpers;

namespace FastFormatters.Core.Tests.Json;

/// <summary>Values declared as <see cref="object"/>: read as plain value trees, written by their runtime type.</summary>
public sealed class DynamicObjectTests
{
    private const string Document = """{"a":[1,2.5,"x",null,true,false,{}],"big":18446744073709551615,"neg":-5}""";

    [Fact]
    public void Objects_are_read_as_plain_value_trees()
    {
        var root = Assert.IsType<Dictionary<string, object?>>(Deserialize<object>(Document));
        Assert.Equal(["a", "big", "neg"], root.Keys);

        var array = Assert.IsType<List<object?>>(root["a"]);
        Assert.Equal(7, array.Count);
        Assert.Equal(1L, Assert.IsType<long>(array[0]));
        Assert.Equal(2.5, Assert.IsType<double>(array[1]));
        Assert.Equal("x", Assert.IsType<string>(array[2]));
        Assert.Null(array[3]);
        Assert.True(Assert.IsType<bool>(array[4]));
        Assert.False(Assert.IsType<bool>(array[5]));
        Assert.Empty(Assert.IsType<Dictionary<string, object?>>(array[6]));

        Assert.Equal(ulong.MaxValue, Assert.IsType<ulong>(root["big"]));
        Assert.Equal(-5L, Assert.IsType<long>(root["neg"]));
    }

    [Fact]
    public void A_value_tree_writes_back_as_the_same_document()
    {
        var tree = Deserialize<object>(Document);
        Assert.Equal(Document, Serialize(tree));
        Assert.Equal(Document, Serialize<Dictionary<string, object?>>((Dictionary<string, object?>)tree!));
        Assert.Equal(Document, SerializeBoxed(tree, typeof(object)));
    }

    [Fact]
    public void Number_kinds()
    {
        Assert.IsType<long>(Deserialize<object>("0"));
        Assert.Equal(long.MinValue, Deserialize<object>("-9223372036854775808"));
        Assert.Equal(long.MaxValue, Deserialize<object>("9223372036854775807"));
        Assert.Equal(9223372036854775808UL, Deserialize<object>("9223372036854775808"));
        Assert.Equal(-9223372036854775809m, Deserialize<object>("-9223372036854775809"));
        Assert.Equal(18446744073709551616m, Deserialize<object>("18446744073709551616"));
        Assert.Equal(1e30, Deserialize<object>("1000000000000000000000000000000"));
        Assert.Equal(1.0, Assert.IsType<double>(Deserialize<object>("1.0")));
        Assert.Equal(100.0, Assert.IsType<double>(Deserialize<object>("1e2")));
        Assert.Equal(-0.25, Assert.IsType<double>(Deserialize<object>("-2.5E-1")));
        ReadFails<object>("1e400");
        ReadFails<object>("-1e400");
    }

    [Fact]
    public void Large_integers_write_back_unchanged()
    {
        const string json = "[9223372036854775807,9223372036854775808,-9223372036854775809,99999999999999999999]";
        Assert.Equal(json, Serialize(Deserialize<object>(json)));
    }

    [Fact]
    public void Top_level_scalars_and_null()
    {
        Assert.Null(Deserialize<object>("null"));
        Assert.Null(Deserialize<object?>(" null "));
        Assert.Equal(true, Deserialize<object>("true"));
        Assert.Equal(false, Deserialize<object>("false"));
        Assert.Equal("é", Deserialize<object>("\"\\u00e9\""));
        Assert.Equal(42L, Deserialize<object>("42"));
        Assert.Equal(0.5, Deserialize<object>("0.5"));

        Assert.Equal("null", Serialize<object?>(null));
        Assert.Equal("true", Serialize<object>(true));
        Assert.Equal("42", Serialize<object>(42L));
        Assert.Equal("\"é\"", Serialize<object>("é"));
        Assert.Equal("[]", Serialize<object>(new List<object?>()));
        Assert.Equal("{}", Serialize<object>(new Dictionary<string, object?>()));
    }

    [Fact]
    public void Repeated_members_keep_the_last_value_and_the_first_position()
    {
        var read = Assert.IsType<Dictionary<string, object?>>(Deserialize<object>("""{"a":1,"b":2,"a":3}"""));
        Assert.Equal(3L, read["a"]);
        Assert.Equal("""{"a":3,"b":2}""", Serialize<object>(read));
    }

    [Fact]
    public void Objects_are_written_by_their_runtime_type()
    {
        Assert.Equal("{}", Serialize(new object()));
        Assert.Equal("""{"x":1,"y":2}""", Serialize<object>(new Point(1, 2)));
        Assert.Equal("""{"name":"n","count":3}""", Serialize<object>(new { Name = "n", Count = 3 }));
        Assert.Equal("\"Blue\"", Serialize<object>(Color.Blue));
        Assert.Equal("\"0f8fad5b-d9cb-469f-a165-70867728950e\"", Serialize<object>(new Guid("0f8fad5b-d9cb-469f-a165-70867728950e")));
        Assert.Equal("1.50", Serialize<object>(1.50m));

        var mixed = new List<object?> { 1, "two", 3.5, null, new[] { 1, 2 }, new Dictionary<string, int> { ["k"] = 1 }, new Point(0, 0) };
        Assert.Equal("""[1,"two",3.5,null,[1,2],{"k":1},{"x":0,"y":0}]""", Serialize(mixed));
    }

    [Fact]
    public void Object_members_of_typed_models()
    {
        var holder = new ObjectHolder { Value = new Dictionary<string, object?> { ["n"] = 1L, ["s"] = "x" }, Items = [1L, "a", null] };
        var read = RoundTrip(holder, """{"value":{"n":1,"s":"x"},"items":[1,"a",null]}""");
        var value = Assert.IsType<Dictionary<string, object?>>(read.Value);
        Assert.Equal(1L, value["n"]);
        Assert.Equal([1L, "a", null], read.Items);
    }

    [Fact]
    public void Errors_in_value_trees_have_paths()
    {
        Assert.Equal("$.a[1].b", ReadFails<object>("""{"a":[1,{"b":tru}]}""").Path);
        Assert.Equal("$.x.y", ReadFails<object>("""{"x":{"y":1e400}}""").Path);
        Assert.Equal("$[2]", ReadFails<object>("[1,2,-]").Path);
    }
}

public sealed class ObjectHolder
{
    public object? Value { get; set; }

    public List<object?> Items { get; set; } = [];
}
