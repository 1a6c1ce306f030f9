using static FastFormatters.Core.Tests.Json.JsonTestHelpers;

namespace FastFormatters.Core.Tests.Json;

/// <summary>Which types have converters, and which can only be written.</summary>
public sealed class ResolverTests
{
    [Theory]
    [InlineData(typeof(Action))]
    [InlineData(typeof(Func<int>))]
    [InlineData(typeof(EventHandler))]
    [InlineData(typeof(Type))]
    [InlineData(typeof(System.Reflection.MethodInfo))]
    [InlineData(typeof(Stream))]
    [InlineData(typeof(MemoryStream))]
    [InlineData(typeof(Task))]
    [InlineData(typeof(Task<int>))]
    [InlineData(typeof(IntPtr))]
    [InlineData(typeof(UIntPtr))]
    [InlineData(typeof(int[,]))]
    [InlineData(typeof(List<>))]
    [InlineData(typeof(Dictionary<DateTime, int>))]
    [InlineData(typeof(Dictionary<bool, int>))]
    [InlineData(typeof(HasDelegate))]
    [InlineData(typeof(List<HasDelegate>))]
    [InlineData(typeof(DuplicateNames))]
    [InlineData(typeof(BadExtensionData))]
    public void Unsupported_types_can_be_neither_read_nor_written(Type type)
    {
        var resolver = Serializer().JsonResolver;
        Assert.False(resolver.CanWrite(type));
        Assert.False(resolver.CanRead(type));
        // Asking again gives the same answer (the failure is cached, not half-published).
        Assert.False(resolver.CanWrite(type));
    }

    [Fact]
    public void Serializing_an_unsupported_type_throws_not_supported()
    {
        var serializer = Serializer();
        Assert.Throws<NotSupportedException>(() => serializer.SerializeJson(new System.Buffers.ArrayBufferWriter<byte>(), () => { }, typeof(Action)));
        Assert.Throws<NotSupportedException>(() => Serialize<object>(new HasDelegate()));
    }

    [Fact]
    public void Types_without_a_usable_constructor_can_be_written_but_not_read()
    {
        var resolver = Serializer().JsonResolver;
        Assert.True(resolver.CanWrite(typeof(TwoConstructors)));
        Assert.False(resolver.CanRead(typeof(TwoConstructors)));
        Assert.Equal("""{"name":"n","count":2}""", Serialize(new TwoConstructors("n", 2)));
        Assert.Throws<NotSupportedException>(() => Deserialize<TwoConstructors>("""{"name":"n"}"""));

        Assert.True(resolver.CanWrite(typeof(Entity)));
        Assert.True(resolver.CanWrite(typeof(AbstractBase)));
        Assert.False(resolver.CanRead(typeof(AbstractBase)));
        Assert.False(resolver.CanRead(typeof(List<TwoConstructors>)));
        Assert.True(resolver.CanWrite(typeof(List<TwoConstructors>)));
        Assert.False(resolver.CanRead(typeof(Countdown)));
        Assert.True(resolver.CanWrite(typeof(Countdown)));
        Assert.Equal("[2,1]", Serialize(new Countdown(2)));
    }

    [Fact]
    public void The_BCL_collections_without_an_Add_are_read_from_their_items()
    {
        Assert.Equal([1, 2], Deserialize<Queue<int>>("[1,2]"));
        Assert.Equal([2, 1], Deserialize<Stack<int>>("[1,2]"));
        Assert.Equal([1, 2], Deserialize<System.Collections.Immutable.ImmutableArray<int>>("[1,2]").ToArray());
        Assert.Equal(2, Deserialize<System.Collections.ObjectModel.ReadOnlyDictionary<string, int>>("""{"a":2}""")["a"]);
        Assert.Equal(2, Deserialize<System.Collections.Immutable.ImmutableDictionary<string, int>>("""{"a":2}""")["a"]);
    }

    [Fact]
    public void Readable_types()
    {
        var resolver = Serializer().JsonResolver;
        foreach (var type in new[]
        {
            typeof(int), typeof(string), typeof(object), typeof(int?), typeof(Color), typeof(List<int>), typeof(int[][]),
            typeof(IEnumerable<string>), typeof(IReadOnlyDictionary<Guid, int>), typeof(Customer), typeof(Point),
            typeof(Coordinates), typeof(Marked), typeof(TreeNode), typeof(Microsoft.AspNetCore.Mvc.ValidationProblemDetails),
        })
        {
            Assert.True(resolver.CanRead(type), type.ToString());
            Assert.True(resolver.CanWrite(type), type.ToString());
        }
    }

    [Fact]
    public void A_member_that_cannot_be_read_is_skipped_on_input()
    {
        var read = Deserialize<HoldsUnreadable>("""{"unreadable":{"name":"n","count":1},"id":3}""");
        Assert.Equal(3, read.Id);
        Assert.Null(read.Unreadable);
    }
}

public sealed class TwoConstructors
{
    public TwoConstructors(string name) => Name = name;

    public TwoConstructors(string name, int count)
    {
        Name = name;
        Count = count;
    }

    public string Name { get; set; }

    public int Count { get; set; }
}

public abstract class AbstractBase
{
    public int Id { get; set; }
}

/// <summary>A sequence with no way to create it from items: written, never read.</summary>
public sealed class Countdown(int from) : IEnumerable<int>
{
    public IEnumerator<int> GetEnumerator()
    {
        for (int i = from; i > 0; i--)
        {
            yield return i;
        }
    }

    System.Collections.IEnumerator System.Collections.IEnumerable.GetEnumerator() => GetEnumerator();
}

public sealed class HasDelegate
{
    public Action? Callback { get; set; }
}

public sealed class DuplicateNames
{
    public int Value { get; set; }

    [System.Text.Json.Serialization.JsonPropertyName("value")]
    public int Other { get; set; }
}

public sealed class BadExtensionData
{
    [System.Text.Json.Serialization.JsonExtensionData]
    public Dictionary<string, int>? Extra { get; set; }
}

public sealed class HoldsUnreadable
{
    public TwoConstructors? Unreadable { get; set; }

    public int Id { get; set; }
}

/// <summary>A converter build that fails for a reason other than an unsupported type publishes nothing.</summary>
public sealed class FailedBuildTests
{
    [Fact]
    public void A_build_that_throws_publishes_nothing_and_fails_the_same_way_every_time()
    {
        var serializer = Serializer();

        // Building Outer builds Inner, whose constructor plan asks for a default Exploding, whose constructor throws.
        var first = Assert.Throws<NotSupportedException>(() => Serialize(new Outer { Inner = new Inner(default, 1) }));
        Assert.Contains("exploding default", first.Message, StringComparison.Ordinal);

        // The next requests for the same type, or for the type that failed inside it, fail the same clear way; none
        // writes a half-built converter's empty object.
        for (int i = 0; i < 3; i++)
        {
            var again = Assert.Throws<NotSupportedException>(() => Serialize(new Outer { Inner = new Inner(default, 1) }));
            Assert.Equal(first.Message, again.Message);
            Assert.Throws<NotSupportedException>(() => Serialize(new Inner(default, 2)));
            Assert.False(serializer.JsonResolver.CanWrite(typeof(Outer)));
        }

        // Types of the failed graph that are fine on their own are built again, whole.
        Assert.Equal("{\"value\":0}", Serialize(new Harmless()));
    }

    public sealed class Outer
    {
        public Inner? Inner { get; set; }

        public Harmless Harmless { get; set; } = new();
    }

    public sealed record Inner(Exploding Part, int Count);

    public sealed class Harmless
    {
        public int Value { get; set; }
    }

    public readonly struct Exploding
    {
        public Exploding() => throw new InvalidOperationException("exploding default");

        public int Value { get; init; }
    }
}
