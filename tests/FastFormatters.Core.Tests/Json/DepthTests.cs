using static FastFormatters.Core.Tests.Json.JsonTestHelpers;

namespace FastFormatters.Core.Tests.Json;

public sealed class DepthTests
{
    private static string NestedArrays(int depth) => new string('[', depth) + new string(']', depth);

    /// <summary>Runs <paramref name="action"/> on a thread with the 1.5 MB stack of a .NET thread-pool thread on Linux.</summary>
    private static void OnRequestSizedStack(Action action)
    {
        Exception? failure = null;
        var thread = new Thread(
            () =>
            {
                try
                {
                    action();
                }
                catch (Exception ex)
                {
                    failure = ex;
                }
            },
            1536 * 1024);
        thread.Start();
        thread.Join();
        if (failure is not null)
        {
            System.Runtime.ExceptionServices.ExceptionDispatchInfo.Capture(failure).Throw();
        }
    }

    private static string NestedObjects(int depth)
        => string.Concat(Enumerable.Repeat("{\"a\":", depth - 1)) + "{}" + new string('}', depth - 1);

    [Fact]
    public void The_default_limit_is_64_levels()
    {
        Assert.IsType<List<object?>>(Deserialize<object>(NestedArrays(64)));
        Assert.IsType<Dictionary<string, object?>>(Deserialize<object>(NestedObjects(64)));
        Assert.Equal(64, new FastSerializerOptions().Unified.MaxDepth);

        var error = ReadFails<object>(NestedArrays(65));
        Assert.Contains("64", error.Message, StringComparison.Ordinal);
        // The 65th bracket, at offset 64, is the one rejected.
        Assert.Equal(64, error.BytePosition);
        ReadFails<object>(NestedObjects(65));
        ReadFails<List<object>>(NestedArrays(65));
    }

    [Fact]
    public void Skipped_values_count_towards_the_depth()
    {
        Assert.Equal(1, Deserialize<Customer>("{\"id\":1,\"x\":" + NestedArrays(63) + "}").Id);
        ReadFails<Customer>("{\"id\":1,\"x\":" + NestedArrays(64) + "}");
    }

    [Fact]
    public void Typed_recursive_models_are_limited_too()
    {
        // Each node is an object holding an array: 32 nodes are 64 levels deep, 33 are 66.
        static string Chain(int nodes)
            => string.Concat(Enumerable.Repeat("{\"children\":[", nodes)) + string.Concat(Enumerable.Repeat("]}", nodes));
        Assert.Equal("", Deserialize<TreeNode>(Chain(32)).Name);
        ReadFails<TreeNode>(Chain(33));
    }

    [Fact]
    public void Very_deep_documents_fail_cleanly_instead_of_crashing()
    {
        string open = new('[', 100_000);
        OnRequestSizedStack(() =>
        {
            ReadFails<object>(open);
            ReadFails<List<object>>(open);
            ReadFails<List<List<object>>>(open);
            ReadFails<object>(NestedArrays(100_000));
            ReadFails<Dictionary<string, object?>>(string.Concat(Enumerable.Repeat("{\"a\":", 100_000)));
            ReadFails<TreeNode>(string.Concat(Enumerable.Repeat("{\"children\":[", 50_000)));
            ReadFails<Customer>("{\"x\":" + open);
            ReadFails<object>(new string('[', 63) + "x" + new string(']', 63));
        });
    }

    [Fact]
    public void The_largest_limit_reads_documents_that_deep()
    {
        var options = Options(options => options.Unified.MaxDepth = FastSerializerOptions.MaxDepthLimit);
        OnRequestSizedStack(() => Assert.IsType<List<object?>>(Deserialize<object>(NestedArrays(1024), options)));
    }

    // A failure deep inside a deep document must unwind through every level without overflowing the stack: path
    // segments are added in exception filters, never by catching and rethrowing at each level.
    [Fact]
    public void Very_deep_documents_fail_cleanly_at_the_largest_limit()
    {
        var options = Options(options => options.Unified.MaxDepth = FastSerializerOptions.MaxDepthLimit);
        OnRequestSizedStack(() =>
        {
            ReadFails<object>(NestedArrays(1025), options);
            ReadFails<object>(new string('[', 100_000), options);
            ReadFails<object>(new string('[', 150) + "x" + new string(']', 150), options);
            ReadFails<List<object>>(new string('[', 100_000), options);
            ReadFails<TreeNode>(string.Concat(Enumerable.Repeat("{\"children\":[", 50_000)), options);
        });
    }

    [Fact]
    public void The_limit_can_be_lowered()
    {
        var options = Options(options => options.Unified.MaxDepth = 1);
        Assert.Empty(Deserialize<List<int>>("[]", options));
        Assert.Equal(5, Deserialize<int>("5", options));
        ReadFails<object>("[[]]", options);
        ReadFails<Customer>("""{"id":1,"x":{}}""", options);
    }

    [Theory]
    [InlineData(0)]
    [InlineData(-1)]
    [InlineData(1025)]
    public void Out_of_range_limits_are_rejected(int maxDepth)
        => Assert.Throws<ArgumentOutOfRangeException>(() => Serializer(Options(options => options.Unified.MaxDepth = maxDepth)));

    [Fact]
    public void Writing_is_limited_to_the_same_depth()
    {
        object nested = new List<object?>();
        for (int i = 1; i < 64; i++)
        {
            nested = new List<object?> { nested };
        }

        Assert.Equal(NestedArrays(64), Serialize(nested));
        Assert.Throws<InvalidOperationException>(() => Serialize<object>(new List<object?> { nested }));
    }

    [Fact]
    public void Cycles_throw_instead_of_overflowing_the_stack()
    {
        var node = new LinkedNode { Name = "a" };
        node.Next = node;
        var error = Assert.Throws<InvalidOperationException>(() => Serialize(node));
        Assert.Contains("cycle", error.Message, StringComparison.Ordinal);

        var list = new List<object?>();
        list.Add(list);
        Assert.Throws<InvalidOperationException>(() => Serialize(list));

        var dictionary = new Dictionary<string, object?>();
        dictionary["self"] = dictionary;
        Assert.Throws<InvalidOperationException>(() => Serialize(dictionary));

        var tree = new TreeNode { Name = "root" };
        tree.Children.Add(tree);
        Assert.Throws<InvalidOperationException>(() => Serialize(tree, Options(options => options.Unified.MaxDepth = FastSerializerOptions.MaxDepthLimit)));
    }
}

public sealed class LinkedNode
{
    public string Name { get; set; } = "";

    public LinkedNode? Next { get; set; }
}
