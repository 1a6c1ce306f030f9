using System.Collections.Concurrent;
using System.Collections.Immutable;
using System.Collections.ObjectModel;
using System.Text;
using System.Text.Json;

namespace FastFormatters.Core.Tests.Json;

/// <summary>
/// The BCL collections with no Add, read from JSON by System.Text.Json (web defaults) and by FastFormatters: each reads
/// the same items in the same order (stacks reversed, as System.Text.Json pushes them), compared as System.Text.Json
/// writes the two values back. Those System.Text.Json does not create (it throws <see cref="NotSupportedException"/>,
/// which ASP.NET Core answers with a 500) FastFormatters reads: a documented difference, pinned here.
/// </summary>
public sealed class CollectionParityTests
{
    private static readonly FastFormattersSerializer s_fast = new(null, JsonSerializerOptions.Web);

    [Fact]
    public void Read_as_System_Text_Json_reads_them()
    {
        Same<Stack<int>>("[1,2,3]");
        Same<Queue<int>>("[1,2,3]");
        Same<ConcurrentStack<int>>("[1,2,3]");
        Same<ConcurrentQueue<int>>("[1,2,3]");
        Same<ImmutableArray<int>>("[1,2]");
        Same<IImmutableList<int>>("[1,2]");
        Same<ImmutableStack<int>>("[1,2,3]");
        Same<IImmutableStack<int>>("[1,2,3]");
        Same<ImmutableQueue<int>>("[1,2,3]");
        Same<ImmutableSortedSet<int>>("[3,1,2]");
        Same<ImmutableHashSet<int>>("[3,1,2]");
        Same<ImmutableSortedDictionary<string, int>>("""{"b":1,"a":2}""");
        Same<IImmutableDictionary<string, int>>("""{"a":1}""");
    }

    [Fact]
    public void Those_System_Text_Json_cannot_create_are_read()
    {
        Accepted<ConcurrentBag<int>>("[1,2,3]", "[3,2,1]");
        Accepted<ReadOnlyCollection<int>>("[1,2,3]", "[1,2,3]");
        Accepted<ReadOnlyDictionary<string, int>>("""{"a":1}""", """{"a":1}""");
        Accepted<IProducerConsumerCollection<int>>("[1,2]", "[1,2]");
    }

    private static void Same<T>(string json)
    {
        string expected = JsonSerializer.Serialize(JsonSerializer.Deserialize<T>(json, JsonSerializerOptions.Web), JsonSerializerOptions.Web);
        Assert.Equal(expected, JsonSerializer.Serialize(s_fast.Deserialize<T>(FastFormat.Json, Encoding.UTF8.GetBytes(json)), JsonSerializerOptions.Web));
    }

    private static void Accepted<T>(string json, string written)
    {
        Assert.Throws<NotSupportedException>(() => JsonSerializer.Deserialize<T>(json, JsonSerializerOptions.Web));
        Assert.Equal(written, JsonSerializer.Serialize(s_fast.Deserialize<T>(FastFormat.Json, Encoding.UTF8.GetBytes(json)), JsonSerializerOptions.Web));
    }
}
