using FastFormatters.Serialization;
using static FastFormatters.Core.Tests.MessagePack.MsgPackTestHelpers;

namespace FastFormatters.Core.Tests.MessagePack;

/// <summary>
/// A hostile body cannot make the reader allocate far more than its own size: counts in headers are never trusted for
/// allocation. A failed read may allocate at most 64 KiB plus 8 bytes per byte of body on the reading thread.
/// </summary>
public sealed class AllocationBoundTests
{
    private const long FixedAllowance = 64 * 1024;

    public static TheoryData<string, Type> Cases()
    {
        var data = new TheoryData<string, Type>();
        foreach (var type in new[] { typeof(object), typeof(List<List<object>>), typeof(List<object>), typeof(object[]), typeof(IEnumerable<object>), typeof(List<List<List<int>>>) })
        {
            // Each header claims 65,535 elements; the first one already claims more than the body holds.
            data.Add("array16 x 2000", type);

            // The body is larger than 65,535 bytes, so thousands of these headers pass the bytes-left check before the
            // depth limit stops them; each level must not pre-allocate for its claimed count.
            data.Add("array16 x 30000", type);
        }

        foreach (var type in new[] { typeof(object), typeof(List<object>), typeof(int[]) })
        {
            data.Add("array32 2^31-1", type);
        }

        foreach (var type in new[] { typeof(object), typeof(Dictionary<string, object>), typeof(Dictionary<string, string>), typeof(MpOrder) })
        {
            data.Add("map32 2^31-1", type);
        }

        foreach (var type in new[] { typeof(object), typeof(Dictionary<string, object>) })
        {
            data.Add("map16 x 40000", type);
        }

        foreach (var type in new[] { typeof(object), typeof(string), typeof(List<string>), typeof(Uri) })
        {
            data.Add("str32 2GB", type);
        }

        foreach (var type in new[] { typeof(object), typeof(byte[]) })
        {
            data.Add("bin32 2GB", type);
        }

        data.Add("ext32 2GB", typeof(object));
        data.Add("ext32 2GB", typeof(DateTime));
        return data;
    }

    private static byte[] Body(string name) => name switch
    {
        "array16 x 2000" => Concat(Repeat(Bytes("dc ff ff"), 2_000), Bytes("c0")),
        "array16 x 30000" => Concat(Repeat(Bytes("dc ff ff"), 30_000), Bytes("c0")),
        "array32 2^31-1" => Concat(Bytes("dd 7f ff ff ff"), Repeat(Bytes("c0"), 4_000)),
        "map32 2^31-1" => Concat(Bytes("df 7f ff ff ff"), Repeat(Bytes("a0 c0"), 2_000)),
        "map16 x 40000" => Concat(Repeat(Bytes("de ff ff a0"), 40_000), Bytes("c0")),
        "str32 2GB" => Concat(Bytes("db 7f ff ff ff"), Repeat(Bytes("61"), 4_000)),
        "bin32 2GB" => Concat(Bytes("c6 7f ff ff ff"), Repeat(Bytes("61"), 4_000)),
        "ext32 2GB" => Concat(Bytes("c9 7f ff ff ff ff"), Repeat(Bytes("61"), 4_000)),
        _ => throw new ArgumentOutOfRangeException(nameof(name)),
    };

    [Theory]
    [MemberData(nameof(Cases))]
    public void Failed_reads_of_lying_bodies_allocate_in_proportion_to_the_body(string bodyName, Type type)
    {
        byte[] body = Body(bodyName);
        var serializer = Serializer();
        long allocated = AllocatedByFailedRead(serializer, body, type);
        long bound = FixedAllowance + 8L * body.Length;
        Assert.True(allocated < bound, $"Reading {bodyName} ({body.Length} bytes) as {type.Name} allocated {allocated:N0} bytes; the bound is {bound:N0}.");
    }

    [Fact]
    public void The_bound_holds_at_the_largest_depth_limit()
    {
        var serializer = new FastSerializer(Options(o => o.MessagePack.MaxDepth = FastSerializerOptions.MaxDepthLimit));
        byte[] body = Concat(Repeat(Bytes("dc ff ff"), 60_000), Bytes("c0"));
        long allocated = AllocatedByFailedRead(serializer, body, typeof(object));
        long bound = FixedAllowance + 8L * body.Length;
        Assert.True(allocated < bound, $"Reading {body.Length} bytes of array16 headers allocated {allocated:N0} bytes; the bound is {bound:N0}.");
    }

    [Fact]
    public void Successful_reads_grow_with_the_elements_really_read()
    {
        // One header claims 65,535 elements and the body really holds them: that must work.
        byte[] body = Concat(Bytes("dc ff ff"), Repeat(Bytes("c3"), 65_535));
        var list = Deserialize<List<object?>>(body);
        Assert.Equal(65_535, list.Count);
        Assert.All(list, item => Assert.True(item is true));
        Assert.Equal(65_535, Deserialize<bool[]>(body).Length);
    }

    private static long AllocatedByFailedRead(FastSerializer serializer, byte[] body, Type type)
    {
        // Warm up: converters built, code compiled, exception machinery initialized.
        ReadAndExpectFailure(serializer, body, type);
        long before = GC.GetAllocatedBytesForCurrentThread();
        ReadAndExpectFailure(serializer, body, type);
        return GC.GetAllocatedBytesForCurrentThread() - before;
    }

    private static void ReadAndExpectFailure(FastSerializer serializer, byte[] body, Type type)
    {
        try
        {
            serializer.DeserializeMessagePack(body, type);
        }
        catch (FormatReadException exception)
        {
            Assert.Equal("msgpack", exception.Format);
            return;
        }

        throw new Xunit.Sdk.XunitException($"A lying body was read as {type.Name}.");
    }
}
