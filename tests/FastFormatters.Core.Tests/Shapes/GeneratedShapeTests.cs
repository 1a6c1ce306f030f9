using System.Buffers;
using System.Collections.ObjectModel;
using System.Runtime.Serialization;
using System.Text.Json.Serialization;
using FastFormatters.Json;
using FastFormatters.MessagePack;
using FastFormatters.Serialization.Shapes;

namespace FastFormatters.Core.Tests.Shapes;

/// <summary>
/// Issue #13 items 1 and 4: the shapes the source generator writes for <see cref="TestShapes"/> serve the same bytes as
/// the reflection-built converters, in every format and contract, and read back what those read. The serializers under
/// test build nothing by reflection (as in a trimmed app); the reference ones build everything by reflection.
/// </summary>
public sealed class GeneratedShapeTests
{
    public static TheoryData<string, object> Values => new()
    {
        { "order", ShapedSamples.Order() },
        { "orders", new List<ShapedOrder> { ShapedSamples.Order(), new() { Id = 2, Customer = "Bo", Origin = new ShapedPoint(-1, 0) } } },
        { "required members", new ShapedRequired { Name = "Ada", Age = 36 } },
        { "inherited and overridden members", new ShapedDerived { BaseValue = 1, Kind = "k", Own = 3 } },
        { "keyed data contract", new ShapedKeyed { A = 5, B = "five" } },
        { "union", new ShapedDrawing { Figures = [new ShapedCircle { Radius = 2 }, new ShapedSquare { Side = 3 }] } },
        { "a member's own number handling on nullable numbers", new ShapedCounters { Count = 3, Price = 1.5m, Ratio = double.NaN } },
        { "init and required members of generic types", new ShapedEnvelope<ShapedPoint> { Id = "e-1", Payload = new(1, 2), Tags = ["a"], Slot = new ShapedSlot<int> { Value = 7 } } },
    };

    private static readonly string[] s_contracts = ["System.Text.Json and MessagePack-CSharp", "unified", "MessagePack same as JSON"];

    [Theory]
    [MemberData(nameof(Values))]
    public void Generated_shapes_write_what_reflection_writes_and_read_it_back(string name, object value)
    {
        foreach (string contract in s_contracts)
        {
            var reflected = new FastFormattersSerializer(Options(contract));
            var shaped = new FastFormattersSerializer(Options(contract, shapesOnly: true));
            foreach (var format in new[] { FastFormat.Json, FastFormat.Jsonc, FastFormat.MessagePack })
            {
                byte[] expected = Write(reflected, format, value);
                byte[] written = Write(shaped, format, value);
                Assert.True(expected.AsSpan().SequenceEqual(written), $"{name}, {contract}, {format}: {Convert.ToHexString(written)} instead of {Convert.ToHexString(expected)}");

                // Both read the same back (all of it, except where the contract cannot: a JSON interface member).
                object? readByShapes = shaped.Deserialize(format, written, value.GetType());
                object? readByReflection = reflected.Deserialize(format, expected, value.GetType());
                Assert.Equal(Convert.ToHexString(Write(reflected, format, readByReflection!)), Convert.ToHexString(Write(shaped, format, readByShapes!)));
            }
        }
    }

    [Fact]
    public void The_generator_describes_each_root_and_what_it_reaches_by_kind()
    {
        var shapes = TestShapes.Default;

        Assert.IsType<ObjectShape<ShapedOrder>>(shapes.GetShape(typeof(ShapedOrder)));
        Assert.IsType<ListShape<ShapedLine>>(shapes.GetShape(typeof(List<ShapedLine>)));
        Assert.IsType<ObjectShape<ShapedLine>>(shapes.GetShape(typeof(ShapedLine)));
        Assert.IsType<EnumShape<ShapedStatus>>(shapes.GetShape(typeof(ShapedStatus)));
        Assert.IsType<NullableShape<decimal>>(shapes.GetShape(typeof(decimal?)));
        Assert.IsType<ArrayShape<int>>(shapes.GetShape(typeof(int[])));
        Assert.IsType<DictionaryShape<Dictionary<string, int>, string, int>>(shapes.GetShape(typeof(Dictionary<string, int>)));
        Assert.IsType<EnumerableShape<IReadOnlyList<string>, string>>(shapes.GetShape(typeof(IReadOnlyList<string>)));
        Assert.NotNull(((EnumerableShape<ShapedBag, string>)shapes.GetShape(typeof(ShapedBag))!).Create);
        Assert.IsType<ObjectShape<ShapedCircle>>(shapes.GetShape(typeof(ShapedCircle)));
        Assert.IsType<ObjectShape<ShapedSquare>>(shapes.GetShape(typeof(ShapedSquare)));
        Assert.IsType<AsyncEnumerableShape<ShapedKeyed>>(shapes.GetShape(typeof(IAsyncEnumerable<ShapedKeyed>)));
        Assert.IsType<ListShape<ShapedKeyed>>(shapes.GetShape(typeof(List<ShapedKeyed>)));
        Assert.Null(shapes.GetShape(typeof(int)));
        Assert.Null(shapes.GetShape(typeof(string)));
        Assert.Null(shapes.GetShape(typeof(Uri)));

        var order = (ObjectShape<ShapedOrder>)shapes.GetShape(typeof(ShapedOrder))!;
        Assert.Contains(order.Members, member => member.Member.Name == nameof(ShapedOrder.Ratio));
        var derived = (ObjectShape<ShapedDerived>)shapes.GetShape(typeof(ShapedDerived))!;
        Assert.Equal([nameof(ShapedBase.BaseValue), nameof(ShapedDerived.Kind), nameof(ShapedDerived.Own)], derived.Members.Select(member => member.Member.Name));
        Assert.Equal(typeof(ShapedDerived), derived.Members[1].Member.DeclaringType);
    }

    [Fact]
    public void Without_reflection_a_type_no_provider_describes_is_refused_by_name()
    {
        var shaped = new FastFormattersSerializer(Options("unified", shapesOnly: true));

        var refused = Assert.Throws<NotSupportedException>(() => Write(shaped, FastFormat.Json, new Undescribed { Value = 1 }));
        Assert.Contains(typeof(Undescribed).ToString(), refused.Message, StringComparison.Ordinal);
    }

    private static FastSerializerOptions Options(string contract, bool shapesOnly = false)
    {
        var options = new FastSerializerOptions { BuildsByReflection = !shapesOnly };
        if (shapesOnly)
        {
            options.TypeShapeProviders.Add(TestShapes.Default);
        }

        if (contract == "unified")
        {
            options.JsonContract = JsonContract.Unified;
        }
        else if (contract == "MessagePack same as JSON")
        {
            options.MessagePack.Contract = MessagePackContract.SameAsJson;
        }

        return options;
    }

    private static byte[] Write(FastFormattersSerializer serializer, FastFormat format, object value)
    {
        var output = new ArrayBufferWriter<byte>();
        serializer.Serialize(format, output, value, value.GetType());
        return output.WrittenSpan.ToArray();
    }

    private sealed class Undescribed
    {
        public int Value { get; set; }
    }
}

[FastSerializable(typeof(ShapedOrder))]
[FastSerializable(typeof(List<ShapedOrder>))]
[FastSerializable(typeof(ShapedRequired))]
[FastSerializable(typeof(ShapedDerived))]
[FastSerializable(typeof(ShapedKeyed))]
[FastSerializable(typeof(IAsyncEnumerable<ShapedKeyed>))]
[FastSerializable(typeof(ShapedDrawing))]
[FastSerializable(typeof(ShapedEnvelope<ShapedPoint>))]
[FastSerializable(typeof(ShapedCounters))]
internal sealed partial class TestShapes : TypeShapeProvider;

internal static class ShapedSamples
{
    public static ShapedOrder Order() => new()
    {
        Id = 7,
        Customer = "Zoë",
        Lines = [new ShapedLine("A-1", 2, 9.5m), new ShapedLine("B-2", 1, 100m)],
        Status = ShapedStatus.Shipped,
        PlacedAt = new DateTimeOffset(2026, 11, 25, 23, 0, 0, TimeSpan.FromHours(1)),
        Discount = 0.1m,
        Tags = [1, 2, 3],
        Counts = new() { ["a"] = 1, ["b"] = 2 },
        Names = new() { [1] = "one", [20] = "twenty" },
        ByStatus = new() { [ShapedStatus.Shipped] = 2, [ShapedStatus.Pending] = 0 },
        Notes = ["first", "second"],
        Origin = new ShapedPoint(3, 4),
        Ratio = 0.25,
        IsVip = true,
        Secret = "never written",
        Comment = "init only",
        Bag = ["x", "y"],
        Extra = "anything",
    };
}

public sealed class ShapedOrder
{
    public int Id { get; set; }

    public string Customer { get; set; } = "";

    public List<ShapedLine> Lines { get; set; } = [];

    public ShapedStatus Status { get; set; }

    public DateTimeOffset PlacedAt { get; set; }

    public decimal? Discount { get; set; }

    public int[] Tags { get; set; } = [];

    public Dictionary<string, int> Counts { get; set; } = [];

    public Dictionary<int, string> Names { get; set; } = [];

    public Dictionary<ShapedStatus, int> ByStatus { get; set; } = [];

    public IReadOnlyList<string> Notes { get; set; } = [];

    public ShapedPoint Origin { get; set; }

#pragma warning disable CA1051 // A public field: the contracts decide whether it is serialized.
    public double Ratio;
#pragma warning restore CA1051

    [JsonPropertyName("vip")]
    public bool IsVip { get; set; }

    [JsonIgnore]
    public string Secret { get; set; } = "";

    public string? Comment { get; init; }

    public ShapedBag Bag { get; set; } = [];

    public object? Extra { get; set; }
}

public enum ShapedStatus
{
    Pending,
    Shipped,
}

public sealed record ShapedLine(string Sku, int Quantity, decimal UnitPrice);

public record struct ShapedPoint(int X, int Y);

public sealed class ShapedBag : Collection<string>;

public sealed class ShapedCounters
{
    [JsonNumberHandling(JsonNumberHandling.WriteAsString | JsonNumberHandling.AllowReadingFromString)]
    public int? Count { get; set; }

    [JsonNumberHandling(JsonNumberHandling.WriteAsString | JsonNumberHandling.AllowReadingFromString)]
    public decimal? Price { get; set; }

    [JsonNumberHandling(JsonNumberHandling.AllowNamedFloatingPointLiterals)]
    public double? Ratio { get; set; }

    [JsonNumberHandling(JsonNumberHandling.WriteAsString)]
    public long? Missing { get; set; }
}

public sealed class ShapedEnvelope<T>
{
    public required string Id { get; init; }

    public T Payload { get; init; } = default!;

    public List<string> Tags { get; init; } = [];

    public ShapedSlot<int> Slot { get; set; }
}

public struct ShapedSlot<T>
{
    public T Value { get; init; }
}

public sealed class ShapedRequired
{
    public required string Name { get; init; }

    public int Age { get; set; }
}

public class ShapedBase
{
    public int BaseValue { get; set; }

    public virtual string Kind { get; set; } = "base";
}

public sealed class ShapedDerived : ShapedBase
{
    public override string Kind { get; set; } = "derived";

    public int Own { get; set; }
}

[DataContract]
public sealed class ShapedKeyed
{
    [DataMember(Order = 0)]
    public int A { get; set; }

    [DataMember(Order = 1)]
    public string B { get; set; } = "";
}

public sealed class ShapedDrawing
{
    public List<IShapedFigure> Figures { get; set; } = [];
}

[global::MessagePack.Union(0, typeof(ShapedCircle))]
[global::MessagePack.Union(1, typeof(ShapedSquare))]
public interface IShapedFigure;

public sealed class ShapedCircle : IShapedFigure
{
    public int Radius { get; set; }
}

public sealed class ShapedSquare : IShapedFigure
{
    public int Side { get; set; }
}
