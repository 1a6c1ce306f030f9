using FastFormatters.Serialization;
using static FastFormatters.Core.Tests.MessagePack.MsgPackTestHelpers;

namespace FastFormatters.Core.Tests.MessagePack;

/// <summary>Nesting is limited by <c>options.MessagePack.MaxDepth</c> (500 by default) and never overflows the stack.</summary>
public sealed class DepthTests
{
    private static byte[] NestedArrays(int depth) => Concat(Repeat([0x91], depth), [0xc0]);

    private static byte[] NestedMaps(int depth) => Concat(Repeat([0x81, 0xa0], depth), [0xc0]);

    [Fact]
    public void Default_depth_is_500_for_arrays()
    {
        Assert.Equal(500, new FastSerializerOptions().MessagePack.MaxDepth);

        var value = Deserialize<object>(NestedArrays(500));
        int depth = 0;
        while (value is List<object?> list)
        {
            depth++;
            value = Assert.Single(list);
        }

        Assert.Equal(500, depth);
        Assert.Null(value);

        var exception = ReadFails<object>(NestedArrays(501));
        Assert.Contains("depth", exception.Message, StringComparison.OrdinalIgnoreCase);
    }

    [Fact]
    public void Default_depth_is_500_for_maps()
    {
        Assert.IsType<Dictionary<string, object?>>(Deserialize<object>(NestedMaps(500)));
        ReadFails<object>(NestedMaps(501));

        // Arrays and maps count together.
        byte[] mixed = Concat(Repeat([0x91, 0x81, 0xa0], 250), [0xc0]);
        Assert.NotNull(Deserialize<object>(mixed));
        ReadFails<object>(Concat([0x91], mixed));
    }

    [Fact]
    public void Very_deep_input_fails_cleanly()
    {
        ReadFails<object>(NestedArrays(100_000));
        ReadFails<object>(NestedMaps(100_000));
        ReadFails<List<object>>(NestedArrays(100_000));
        ReadFails<MpNode>(Concat(Repeat(Bytes("81" + Str("next")), 100_000), [0xc0]));
        ReadFails<MpNode>(Concat(Repeat(Bytes("81" + Str("children") + "91"), 100_000), [0xc0]));

        // Also at the largest limit the options allow.
        var deepest = Options(o => o.MessagePack.MaxDepth = FastSerializerOptions.MaxDepthLimit);
        Assert.NotNull(Deserialize<object>(NestedArrays(FastSerializerOptions.MaxDepthLimit), deepest));
        ReadFails<object>(NestedArrays(FastSerializerOptions.MaxDepthLimit + 1), deepest);
        ReadFails<object>(NestedArrays(100_000), deepest);
    }

    [Fact]
    public void Depth_is_counted_in_values_that_are_skipped()
    {
        // An unknown member holding deep nesting is still limited.
        ReadFails<MpLine>(Concat(Bytes("81" + Str("unknown")), NestedArrays(600)));
        ReadFails<MpLine>(Concat(Bytes("81" + Str("unknown")), NestedArrays(100_000)));
        Assert.Equal(0, Deserialize<MpLine>(Concat(Bytes("81" + Str("unknown")), NestedArrays(400))).Quantity);

        // A skipped non-string key, too.
        ReadFails<MpLine>(Concat([0x81], NestedArrays(600), [0x01]));
    }

    [Fact]
    public void Typed_nesting_counts_the_same_way()
    {
        var chain = Concat(Repeat(Bytes("81" + Str("next")), 499), Bytes("80"));
        Assert.NotNull(Deserialize<MpNode>(chain));
        ReadFails<MpNode>(Concat(Bytes("81" + Str("next")), chain));

        var options = Options(o => o.MessagePack.MaxDepth = 3);
        Assert.Equal(new List<List<int[]>> { new() { new[] { 1 } } }, Deserialize<List<List<int[]>>>(Bytes("91 91 91 01"), options));
        ReadFails<List<List<List<int[]>>>>(Bytes("91 91 91 91 01"), options);
    }

    [Theory]
    [InlineData(1)]
    [InlineData(10)]
    [InlineData(64)]
    public void MaxDepth_is_configurable(int maxDepth)
    {
        var options = Options(o => o.MessagePack.MaxDepth = maxDepth);
        Assert.NotNull(Deserialize<object>(NestedArrays(maxDepth), options));
        ReadFails<object>(NestedArrays(maxDepth + 1), options);
        Assert.NotNull(Deserialize<object>(NestedMaps(maxDepth), options));
        ReadFails<object>(NestedMaps(maxDepth + 1), options);

        // Scalars need no depth; siblings do not add up.
        Assert.Equal((byte)5, Deserialize<object>(Bytes("05"), options));
        Assert.Equal(3, Deserialize<List<object?>>(Bytes("93 01 02 03"), options).Count);
        if (maxDepth >= 2)
        {
            Assert.Equal(3, Deserialize<List<object?>>(Bytes("93 90 80 91 01"), options).Count);
        }

        // The JSON limit is separate.
        var jsonLimited = Options(o =>
        {
            o.JsonContract = FastFormatters.Json.JsonContractKind.Unified;
            o.Unified.MaxDepth = 1;
            o.MessagePack.MaxDepth = maxDepth;
        });
        Assert.NotNull(Deserialize<object>(NestedArrays(maxDepth), jsonLimited));
    }

    [Theory]
    [InlineData(0)]
    [InlineData(-1)]
    [InlineData(FastSerializerOptions.MaxDepthLimit + 1)]
    public void MaxDepth_outside_the_allowed_range_is_refused(int maxDepth)
        => Assert.Throws<ArgumentOutOfRangeException>(() => new FastSerializer(Options(o => o.MessagePack.MaxDepth = maxDepth)));
}
