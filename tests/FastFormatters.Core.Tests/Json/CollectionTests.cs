using static FastFormatters.Core.Tests.Json.JsonTestHelpers;

namespace FastFormatters.Core.Tests.Json;

public sealed class CollectionTests
{
    private static readonly Guid s_guid = new("0f8fad5b-d9cb-469f-a165-70867728950e");

    [Fact]
    public void Arrays()
    {
        Assert.Equal([1, 2, 3], RoundTrip(new[] { 1, 2, 3 }, "[1,2,3]"));
        Assert.Empty(RoundTrip(Array.Empty<int>(), "[]")!);
        Assert.Null(RoundTrip<int[]?>(null, "null"));
        string?[] strings = ["a", null, "é"];
        Assert.Equal(strings, RoundTrip(strings, """["a",null,"é"]"""));
        Assert.Equal([1, 2], Deserialize<int[]>(" [ 1 , 2 ] "));
    }

    [Fact]
    public void Lists()
    {
        Assert.Equal([1.5, -2, 0.1], RoundTrip(new List<double> { 1.5, -2, 0.1 }, "[1.5,-2,0.1]"));
        Assert.Equal([Color.Red, Color.Blue], RoundTrip(new List<Color> { Color.Red, Color.Blue }, """["Red","Blue"]"""));
        Assert.Empty(RoundTrip(new List<string>(), "[]")!);
        Assert.Null(RoundTrip<List<string>?>(null, "null"));
        Assert.Equal([1, null, 3], RoundTrip(new List<int?> { 1, null, 3 }, "[1,null,3]"));
    }

    [Fact]
    public void Lists_of_bytes_are_arrays_of_numbers()
        => Assert.Equal([1, 255], RoundTrip(new List<byte> { 1, 255 }, "[1,255]"));

    [Fact]
    public void Enumerables_are_written_by_enumerating_and_read_as_lists()
    {
        Assert.Equal("[1,2,3]", Serialize(Enumerable.Range(1, 3)));
        Assert.Equal("[\"x0\",\"x1\"]", Serialize(Generate(2)));
        Assert.Equal("[]", Serialize(Generate(0)));

        var read = Deserialize<IEnumerable<int>>("[4,5,6]");
        Assert.IsType<List<int>>(read);
        Assert.Equal([4, 5, 6], read);

        static IEnumerable<string> Generate(int count)
        {
            for (int i = 0; i < count; i++)
            {
                yield return "x" + i;
            }
        }
    }

    [Fact]
    public void Read_only_and_interface_collections()
    {
        IReadOnlyList<string> list = ["a", "b"];
        var read = RoundTrip(list, """["a","b"]""");
        Assert.Equal(["a", "b"], read);

        Assert.Equal([1, 2], Deserialize<IList<int>>("[1,2]"));
        Assert.Equal([1, 2], Deserialize<ICollection<int>>("[1,2]"));
        Assert.Equal([1, 2], Deserialize<IReadOnlyCollection<int>>("[1,2]"));
        Assert.Equal([1, 2], Deserialize<System.Collections.ObjectModel.Collection<int>>("[1,2]"));
        Assert.Equal([1, 2], Deserialize<LinkedList<int>>("[1,2]"));
    }

    [Fact]
    public void Hash_sets()
    {
        var set = new HashSet<int> { 3, 1, 2 };
        var read = RoundTrip(set, "[3,1,2]");
        Assert.IsType<HashSet<int>>(read);
        Assert.True(set.SetEquals(read!));

        var fromDuplicates = Deserialize<HashSet<string>>("""["a","b","a"]""");
        Assert.Equal(2, fromDuplicates.Count);
        Assert.IsType<HashSet<int>>(Deserialize<ISet<int>>("[1]"));
        Assert.IsType<HashSet<int>>(Deserialize<IReadOnlySet<int>>("[1]"));
    }

    [Fact]
    public void Nested_collections()
    {
        var nested = new List<List<int>> { new() { 1 }, new() { 2, 3 }, new() };
        var read = RoundTrip(nested, "[[1],[2,3],[]]");
        Assert.Equal(3, read!.Count);
        Assert.Equal([1], read[0]);
        Assert.Equal([2, 3], read[1]);
        Assert.Empty(read[2]);

        var jagged = RoundTrip(new[] { new[] { "a" }, Array.Empty<string>(), new[] { "b", "c" } }, """[["a"],[],["b","c"]]""");
        Assert.Equal(["b", "c"], jagged![2]);

        var deeper = Deserialize<List<int[][]>>("[[[1,2],[3]],[]]");
        Assert.Equal([3], deeper[0][1]);
        Assert.Empty(deeper[1]);
    }

    [Fact]
    public void Collections_of_objects()
    {
        var points = new List<Point> { new(1, 2), new(-3, 4) };
        var read = RoundTrip(points, """[{"x":1,"y":2},{"x":-3,"y":4}]""");
        Assert.Equal(points, read);
    }

    [Fact]
    public void String_keyed_dictionaries()
    {
        var dictionary = new Dictionary<string, int> { ["a"] = 1, ["b"] = 2 };
        Assert.Equal(dictionary, RoundTrip(dictionary, """{"a":1,"b":2}"""));
        Assert.Empty(RoundTrip(new Dictionary<string, int>(), "{}")!);
        Assert.Null(RoundTrip<Dictionary<string, int>?>(null, "null"));
    }

    [Fact]
    public void Dictionary_keys_are_not_renamed_and_are_escaped()
    {
        var dictionary = new Dictionary<string, string?> { ["PascalKey"] = "x", ["a\"b\\c\n"] = null, ["日本"] = "語", [""] = "empty" };
        const string expected = """
            {"PascalKey":"x","a\"b\\c\n":null,"日本":"語","":"empty"}
            """;
        Assert.Equal(dictionary, RoundTrip(dictionary, expected));
        Assert.Equal(dictionary, RoundTrip(dictionary, expected, Options(options => options.Unified.NamingPolicy = System.Text.Json.JsonNamingPolicy.SnakeCaseLower)));
    }

    [Fact]
    public void Integer_keyed_dictionaries()
    {
        var dictionary = new Dictionary<int, string> { [1] = "one", [-5] = "minus five", [int.MaxValue] = "max" };
        Assert.Equal(dictionary, RoundTrip(dictionary, """{"1":"one","-5":"minus five","2147483647":"max"}"""));

        var longs = new Dictionary<long, bool> { [long.MinValue] = true };
        Assert.Equal(longs, RoundTrip(longs, """{"-9223372036854775808":true}"""));
        var bytes = new Dictionary<byte, int> { [255] = 1 };
        Assert.Equal(bytes, RoundTrip(bytes, """{"255":1}"""));
    }

    [Fact]
    public void Guid_keyed_dictionaries()
    {
        var dictionary = new Dictionary<Guid, int> { [s_guid] = 7, [Guid.Empty] = 0 };
        Assert.Equal(dictionary, RoundTrip(dictionary, """{"0f8fad5b-d9cb-469f-a165-70867728950e":7,"00000000-0000-0000-0000-000000000000":0}"""));
    }

    [Fact]
    public void Enum_keyed_dictionaries()
    {
        var dictionary = new Dictionary<Color, int> { [Color.Green] = 1 };
        Assert.Equal(dictionary, RoundTrip(dictionary, """{"Green":1}"""));
        Assert.Equal(dictionary, Deserialize<Dictionary<Color, int>>("""{"green":1}"""));
    }

    [Fact]
    public void Read_only_and_interface_dictionaries()
    {
        IReadOnlyDictionary<string, int> readOnly = new Dictionary<string, int> { ["x"] = 1 };
        var read = RoundTrip(readOnly, """{"x":1}""");
        Assert.Equal(1, read!["x"]);

        var map = Deserialize<IDictionary<string, List<int>>>("""{"a":[1,2],"b":[]}""");
        Assert.Equal([1, 2], map["a"]);
        Assert.Empty(map["b"]);

        var sorted = new SortedDictionary<string, int> { ["b"] = 2, ["a"] = 1 };
        var sortedRead = RoundTrip(sorted, """{"a":1,"b":2}""");
        Assert.IsType<SortedDictionary<string, int>>(sortedRead);
        Assert.Equal(sorted, sortedRead);
    }

    [Fact]
    public void Nested_dictionaries()
    {
        var nested = new Dictionary<string, Dictionary<int, List<string>>>
        {
            ["outer"] = new() { [1] = ["a", "b"], [2] = [] },
            ["empty"] = new(),
        };
        var read = RoundTrip(nested, """{"outer":{"1":["a","b"],"2":[]},"empty":{}}""");
        Assert.Equal(["a", "b"], read!["outer"][1]);
        Assert.Empty(read["outer"][2]);
        Assert.Empty(read["empty"]);
    }

    [Fact]
    public void Duplicate_keys_keep_the_last_value()
    {
        var read = Deserialize<Dictionary<string, int>>("""{"a":1,"b":2,"a":3}""");
        Assert.Equal(2, read.Count);
        Assert.Equal(3, read["a"]);

        var byInt = Deserialize<Dictionary<int, string>>("""{"1":"first","1":"second"}""");
        Assert.Equal("second", Assert.Single(byInt).Value);

        // Duplicate keys that differ only in escaping are still the same key.
        var escaped = Deserialize<Dictionary<string, int>>("""{"ab":1,"\u0061b":2}""");
        Assert.Equal(2, Assert.Single(escaped).Value);
    }

    [Fact]
    public void Dictionary_value_errors_name_the_key()
    {
        Assert.Equal("$.b", ReadFails<Dictionary<string, int>>("""{"a":1,"b":"x"}""").Path);
        Assert.Equal("$.k[1]", ReadFails<Dictionary<string, List<int>>>("""{"k":[1,"x"]}""").Path);
        Assert.Equal("$.2", ReadFails<Dictionary<int, int>>("""{"1":1,"2":"x"}""").Path);
        Assert.Equal("$[1].a", ReadFails<List<Dictionary<string, int>>>("""[{"a":1},{"a":true}]""").Path);
    }

    [Theory]
    [InlineData("""{"x":1}""")]
    [InlineData("""{"1.5":1}""")]
    [InlineData("""{"":1}""")]
    [InlineData("""{"2147483648":1}""")]
    public void Integer_keys_must_be_integers(string json) => ReadFails<Dictionary<int, int>>(json);

    [Fact]
    public void Guid_keys_must_be_guids() => ReadFails<Dictionary<Guid, int>>("""{"abc":1}""");

    [Fact]
    public void Errors_outside_any_value_do_not_name_a_key_that_is_not_there()
    {
        // The bad key "x" is not an integer; no entry with key 0 exists, so the path must not claim "$.0".
        var badKey = ReadFails<Dictionary<int, int>>("""{"x":1}""");
        Assert.Contains(badKey.Path, new[] { "$", "$.x" });

        // A trailing comma after the entry for key 1: the problem is in the object itself, not under key 0.
        var trailingComma = ReadFails<Dictionary<int, int>>("""{"1":1,}""");
        Assert.Contains(trailingComma.Path, new[] { "$", "$.1" });

        var badGuidKey = ReadFails<Dictionary<Guid, int>>("""{"abc":1}""");
        Assert.Contains(badGuidKey.Path, new[] { "$", "$.abc" });
    }

    [Fact]
    public void An_array_that_ends_early_has_no_negative_index_in_its_path()
    {
        var error = ReadFails<List<int>>("[");
        Assert.Equal("$", error.Path);
    }

    [Theory]
    [InlineData("{}")]
    [InlineData("\"[1]\"")]
    [InlineData("1")]
    [InlineData("[1,\"2\"]")]
    public void Lists_reject_non_arrays(string json) => ReadFails<List<int>>(json);

    [Theory]
    [InlineData("[]")]
    [InlineData("\"{}\"")]
    [InlineData("""{"a":1,"b":null}""")]
    public void Dictionaries_reject_non_objects_and_bad_values(string json) => ReadFails<Dictionary<string, int>>(json);
}
