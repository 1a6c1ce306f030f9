using System.Buffers;
using System.Collections.ObjectModel;
using System.Runtime.Serialization;
using System.Text.Json.Nodes;
using System.Text.Json.Serialization;
using FastFormatters.Json;
using FastFormatters.MessagePack;
using FastFormatters.Serialization.Shapes;

namespace FastFormatters.Core.Tests.Shapes;

/// <summary>
/// The shapes the source generator writes for <see cref="TestShapes"/> serve the same bytes as
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
        { "System.Text.Json's polymorphism and custom converters", new ShapedZoo { Animals = [new ShapedCat { Name = "Tom", Lives = 9 }, new ShapedDog { Name = "Rex", Good = true }], Price = new ShapedMoney(12.5m, "EUR") } },
        { "init and required members of generic types nested in generic types or with constrained parameters", new ShapedNested<string>.Inner<int> { Outer = "o", Value = 2, Constrained = new ShapedConstrained<long, ShapedLine> { Name = "c", Value = 5, Line = new("S-1", 1, 2m) } } },
        { "BigInteger and StringBuilder, MessagePack's own forms and JSON's objects of their properties", new ShapedText { Big = System.Numerics.BigInteger.Parse("-123456789012345678901234567890", System.Globalization.CultureInfo.InvariantCulture), Small = 300, Text = new System.Text.StringBuilder("Zoë") } },
        { "JSON nodes", new ShapedNodes { Node = JsonNode.Parse("""{"a":[1,"two",null]}"""), Object = new JsonObject { ["b"] = 2.5 }, Array = [true, "x"], Value = JsonValue.Create("v") } },
    };

    private static readonly string[] s_contracts = ["System.Text.Json and MessagePack-CSharp", "unified", "MessagePack same as JSON"];

    [Theory]
    [MemberData(nameof(Values))]
    public void Generated_shapes_write_what_reflection_writes_and_read_it_back(string name, object value)
    {
        foreach (string contract in s_contracts)
        {
            if (contract == "unified" && value is ShapedText)
            {
                // A documented difference (docs/aot.md): under the unified contract a BCL type's members come in its
                // reference assembly's order (by name) from the generator, in the runtime assembly's from reflection.
                continue;
            }

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
        Assert.IsType<ObjectShape<ShapedCat>>(shapes.GetShape(typeof(ShapedCat))); // reached only through [JsonDerivedType]
        Assert.IsType<ObjectShape<ShapedDog>>(shapes.GetShape(typeof(ShapedDog)));
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
    public void On_the_JIT_a_type_a_provider_describes_is_built_from_its_shape_before_reflection()
    {
        // The one place the two descriptions differ observably: under the unified contract, a .NET type's members come
        // in its reference assembly's order from the generator and in the runtime assembly's from reflection.
        var value = new ShapedText { Big = 300, Small = null, Text = new System.Text.StringBuilder("a") };
        var jitWithShapes = Options("unified");
        jitWithShapes.TypeShapeProviders.Add(TestShapes.Default);

        string withShapes = Convert.ToHexString(Write(new FastFormattersSerializer(jitWithShapes), FastFormat.Json, value));
        string shapesOnly = Convert.ToHexString(Write(new FastFormattersSerializer(Options("unified", shapesOnly: true)), FastFormat.Json, value));
        string reflectionOnly = Convert.ToHexString(Write(new FastFormattersSerializer(Options("unified")), FastFormat.Json, value));

        Assert.Equal(shapesOnly, withShapes);
        Assert.NotEqual(reflectionOnly, withShapes);
    }

    [Fact]
    public void Without_reflection_a_type_no_provider_describes_is_refused_by_name()
    {
        var shaped = new FastFormattersSerializer(Options("unified", shapesOnly: true));

        var refused = Assert.Throws<NotSupportedException>(() => Write(shaped, FastFormat.Json, new Undescribed { Value = 1 }));
        Assert.Contains(typeof(Undescribed).ToString(), refused.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Without_reflection_an_external_serializer_still_serves_the_types_it_claims()
    {
        var value = new ShapedClaims { Money = new ShapedMoney(3m, "GBP"), Moneys = [new ShapedMoney(1m, "USD")] };
        var reflected = Options("System.Text.Json and MessagePack-CSharp");
        var shaped = Options("System.Text.Json and MessagePack-CSharp", shapesOnly: true);
        reflected.MessagePack.ExternalSerializers.Add(new MoneyAsArray());
        shaped.MessagePack.ExternalSerializers.Add(new MoneyAsArray());

        byte[] expected = Write(new FastFormattersSerializer(reflected), FastFormat.MessagePack, value);
        byte[] written = Write(new FastFormattersSerializer(shaped), FastFormat.MessagePack, value);

        // The money is the external serializer's two-element array, not the shape's map of its members.
        Assert.Contains("92A3474250", Convert.ToHexString(written), StringComparison.Ordinal);
        Assert.Equal(Convert.ToHexString(expected), Convert.ToHexString(written));
        var read = (ShapedClaims)new FastFormattersSerializer(shaped).Deserialize(FastFormat.MessagePack, written, typeof(ShapedClaims))!;
        Assert.Equal(value.Moneys, read.Moneys);
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

    // Writes a ShapedMoney as MessagePack-CSharp's array form would: [currency, amount as a string].
    private sealed class MoneyAsArray : ExternalMessagePackSerializer
    {
        public override bool Claims(Type type) => type == typeof(ShapedMoney);

        public override void Serialize(IBufferWriter<byte> output, Type type, object? value)
        {
            var money = (ShapedMoney)value!;
            var writer = new MessagePackWriter(output, FastSerializerOptions.MaxDepthLimit);
            writer.WriteArrayHeader(2);
            writer.WriteString(money.Currency);
            writer.WriteString(money.Amount.ToString(System.Globalization.CultureInfo.InvariantCulture));
            writer.WriteEndContainer();
            writer.Flush();
        }

        public override object? Deserialize(ReadOnlyMemory<byte> messagePack, Type type)
        {
            var reader = new MessagePackReader(messagePack.Span, FastSerializerOptions.MaxDepthLimit);
            reader.ReadArrayHeader();
            string currency = reader.ReadNonNullString();
            return new ShapedMoney(decimal.Parse(reader.ReadNonNullString(), System.Globalization.CultureInfo.InvariantCulture), currency);
        }
    }
}

[FastSerializable(typeof(ShapedOrder))]
[FastSerializable(typeof(ShapedText))]
[FastSerializable(typeof(List<ShapedOrder>))]
[FastSerializable(typeof(ShapedRequired))]
[FastSerializable(typeof(ShapedDerived))]
[FastSerializable(typeof(ShapedKeyed))]
[FastSerializable(typeof(IAsyncEnumerable<ShapedKeyed>))]
[FastSerializable(typeof(ShapedDrawing))]
[FastSerializable(typeof(ShapedEnvelope<ShapedPoint>))]
[FastSerializable(typeof(ShapedCounters))]
[FastSerializable(typeof(ShapedZoo))]
[FastSerializable(typeof(ShapedNodes))]
[FastSerializable(typeof(ShapedClaims))]
[FastSerializable(typeof(ShapedNested<string>.Inner<int>))]
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

public sealed class ShapedText
{
    public System.Numerics.BigInteger Big { get; set; }

    public System.Numerics.BigInteger? Small { get; set; }

    public System.Text.StringBuilder? Text { get; set; }
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

public sealed class ShapedZoo
{
    public List<ShapedAnimal> Animals { get; set; } = [];

    public ShapedMoney Price { get; set; } = new(0m, "");
}

[JsonDerivedType(typeof(ShapedCat), "cat")]
[JsonDerivedType(typeof(ShapedDog), "dog")]
public abstract class ShapedAnimal
{
    public string Name { get; set; } = "";
}

public sealed class ShapedCat : ShapedAnimal
{
    public int Lives { get; set; }
}

public sealed class ShapedDog : ShapedAnimal
{
    public bool Good { get; set; }
}

[JsonConverter(typeof(ShapedMoneyConverter))]
public sealed record ShapedMoney(decimal Amount, string Currency);

// System.Text.Json's form of the money: "12.5 EUR".
public sealed class ShapedMoneyConverter : JsonConverter<ShapedMoney>
{
    public override ShapedMoney Read(ref System.Text.Json.Utf8JsonReader reader, Type typeToConvert, System.Text.Json.JsonSerializerOptions options)
    {
        string[] parts = reader.GetString()!.Split(' ');
        return new ShapedMoney(decimal.Parse(parts[0], System.Globalization.CultureInfo.InvariantCulture), parts[1]);
    }

    public override void Write(System.Text.Json.Utf8JsonWriter writer, ShapedMoney value, System.Text.Json.JsonSerializerOptions options)
        => writer.WriteStringValue(string.Create(System.Globalization.CultureInfo.InvariantCulture, $"{value.Amount} {value.Currency}"));
}

public sealed class ShapedClaims
{
    public ShapedMoney Money { get; set; } = new(0m, "");

    public List<ShapedMoney> Moneys { get; set; } = [];
}

public sealed class ShapedNodes
{
    public JsonNode? Node { get; set; }

    public JsonObject? Object { get; set; }

    public JsonArray? Array { get; set; }

    public JsonValue? Value { get; set; }
}

#pragma warning disable CA1034 // A nested generic type is what this describes.
public static class ShapedNested<TOuter>
{
    public sealed class Inner<TInner>
    {
        public required TOuter Outer { get; init; }

        public TInner Value { get; init; } = default!;

        public ShapedConstrained<long, ShapedLine>? Constrained { get; init; }
    }
}
#pragma warning restore CA1034

public sealed class ShapedConstrained<TNumber, TItem>
    where TNumber : struct, IComparable<TNumber>
    where TItem : class
{
    public required string Name { get; init; }

    public TNumber Value { get; init; }

    public TItem? Line { get; init; }
}
