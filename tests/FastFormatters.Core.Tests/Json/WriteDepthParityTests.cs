using System.Buffers;
using System.Text.Json;

namespace FastFormatters.Core.Tests.Json;

/// <summary>
/// How deep a graph is written, against the real System.Text.Json serializer under the same MaxDepth, for values declared
/// <c>object</c> and for a typed recursive model: both write a graph shallower than the limit and refuse a deeper one.
/// A graph whose containers nest exactly as deep as the limit is the one documented difference: System.Text.Json's
/// serializer refuses it (its writer, as it writes a <see cref="JsonElement"/>, and both readers take that depth), and
/// FastFormatters writes it, so what it reads it can write back.
/// </summary>
public sealed class WriteDepthParityTests
{
    public static TheoryData<int, int> Depths()
    {
        var data = new TheoryData<int, int>();
        foreach (int maxDepth in new[] { 8, 64 })
        {
            for (int depth = maxDepth - 2; depth <= maxDepth + 2; depth++)
            {
                data.Add(maxDepth, depth);
            }
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(Depths))]
    public void Nested_lists_of_objects(int maxDepth, int depth)
    {
        object value = 1;
        for (int i = 0; i < depth; i++)
        {
            value = new List<object> { value };
        }

        AssertSameOutcome(maxDepth, depth, value);
    }

    [Theory]
    [MemberData(nameof(Depths))]
    public void A_recursive_model(int maxDepth, int depth)
    {
        var node = new Link { Name = "leaf" };
        for (int i = 1; i < depth; i++)
        {
            node = new Link { Name = "n", Next = node };
        }

        AssertSameOutcome(maxDepth, depth, node);
    }

    private static void AssertSameOutcome<T>(int maxDepth, int depthOfContainers, T value)
    {
        var options = new JsonSerializerOptions(JsonSerializerDefaults.Web) { MaxDepth = maxDepth };
        string? expected;
        try
        {
            expected = JsonSerializer.Serialize(value, options);
        }
        catch (JsonException)
        {
            expected = null;
        }

        var serializer = new FastFormattersSerializer(SuiteOptions.Create(), options);
        var output = new ArrayBufferWriter<byte>();
        string? actual;
        try
        {
            serializer.Serialize(FastFormat.Json, output, value);
            actual = System.Text.Encoding.UTF8.GetString(output.WrittenSpan);
        }
        catch (Exception ex) when (ex is JsonException or InvalidOperationException)
        {
            actual = null;
        }

        if (depthOfContainers == maxDepth)
        {
            Assert.Null(expected);
            Assert.NotNull(actual);
        }
        else
        {
            Assert.Equal(expected, actual);
        }
    }

    public sealed class Link
    {
        public string Name { get; set; } = string.Empty;

        public Link? Next { get; set; }
    }
}
