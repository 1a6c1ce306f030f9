using System.Collections.ObjectModel;
using System.Runtime.Serialization;
using System.Text.Json.Nodes;
using System.Text.Json.Serialization;
using FastFormatters.Serialization.Shapes;

namespace FastFormatters.Core.Tests.Shapes;

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
[FastSerializable(typeof(ShapedBuffers))]
[FastSerializable(typeof(ReadOnlyMemory<int>))]
[FastSerializable(typeof(ShapedReading))]
internal sealed partial class TestShapes : TypeShapeProvider;

/// <summary>
/// System.Text.Json's generated metadata of the catalog's values, for an app whose JSON options describe its types
/// without reflection (a Native AOT app's); the JIT side of a comparison uses it too, since System.Text.Json's generator
/// orders a .NET type's properties as its reference assembly lists them and its reflection as the runtime does.
/// </summary>
[JsonSerializable(typeof(ShapedOrder))]
[JsonSerializable(typeof(List<ShapedOrder>))]
[JsonSerializable(typeof(ShapedRequired))]
[JsonSerializable(typeof(ShapedDerived))]
[JsonSerializable(typeof(ShapedKeyed))]
[JsonSerializable(typeof(ShapedDrawing))]
[JsonSerializable(typeof(ShapedCounters))]
[JsonSerializable(typeof(ShapedEnvelope<ShapedPoint>))]
[JsonSerializable(typeof(ShapedZoo))]
[JsonSerializable(typeof(ShapedNested<string>.Inner<int>))]
[JsonSerializable(typeof(ShapedText))]
[JsonSerializable(typeof(ShapedClaims))]
[JsonSerializable(typeof(ShapedNodes))]
[JsonSerializable(typeof(ShapedBuffers))]
[JsonSerializable(typeof(ReadOnlyMemory<int>))]
[JsonSerializable(typeof(ShapedReading))]
internal sealed partial class ShapeCatalogJsonContext : JsonSerializerContext;

/// <summary>
/// The shared model catalog: a type of each kind and attribute that shapes describe, and a value of each. The generator
/// (<see cref="TestShapes"/>) and reflection describe the types alike (ShapeParityTests), write the values alike in
/// every format and contract (GeneratedShapeTests), and a Native AOT app writes them as the JIT does (the integration
/// tests' NativeAotPublishTests, which compile this file into the app and into themselves).
/// </summary>
internal static class ShapeCatalog
{
    /// <summary>One value per root, by what it exercises.</summary>
    public static IReadOnlyList<(string Name, object Value)> Values { get; } =
    [
        ("order", Order()),
        ("orders", new List<ShapedOrder> { Order(), new() { Id = 2, Customer = "Bo", Origin = new ShapedPoint(-1, 0) } }),
        ("required members", new ShapedRequired { Name = "Ada", Age = 36 }),
        ("inherited and overridden members", new ShapedDerived { BaseValue = 1, Kind = "k", Own = 3 }),
        ("keyed data contract", new ShapedKeyed { A = 5, B = "five" }),
        ("union", new ShapedDrawing { Figures = [new ShapedCircle { Radius = 2 }, new ShapedSquare { Side = 3 }] }),
        ("a member's own number handling on nullable numbers", new ShapedCounters { Count = 3, Price = 1.5m, Ratio = double.NaN }),
        ("init and required members of generic types", new ShapedEnvelope<ShapedPoint> { Id = "e-1", Payload = new(1, 2), Tags = ["a"], Slot = new ShapedSlot<int> { Value = 7 } }),
        ("System.Text.Json's polymorphism and custom converters", new ShapedZoo { Animals = [new ShapedCat { Name = "Tom", Lives = 9 }, new ShapedDog { Name = "Rex", Good = true }], Price = new ShapedMoney(12.5m, "EUR") }),
        ("init and required members of generic types nested in generic types or with constrained parameters", new ShapedNested<string>.Inner<int> { Outer = "o", Value = 2, Constrained = new ShapedConstrained<long, ShapedLine> { Name = "c", Value = 5, Line = new("S-1", 1, 2m) } }),
        ("BigInteger and StringBuilder, MessagePack's own forms and JSON's objects of their properties", new ShapedText { Big = System.Numerics.BigInteger.Parse("-123456789012345678901234567890", System.Globalization.CultureInfo.InvariantCulture), Small = 300, Text = new System.Text.StringBuilder("Zoë") }),
        ("a converter's type as a member and an element", new ShapedClaims { Money = new ShapedMoney(3m, "GBP"), Moneys = [new ShapedMoney(1m, "USD")] }),
        ("memories of elements other than bytes, as arrays, and of bytes, as bytes", new ShapedBuffers { Readings = new[] { 0, 7, -1, 42 }.AsMemory(1, 2), Points = new ShapedPoint[] { new(1, 2), new(3, 4) }, Names = new string?[] { "a", null }, Bytes = new byte[] { 1, 2, 3 } }),
        ("a memory as the whole value", new ReadOnlyMemory<int>([5, 6, 7])),
        ("a constructor's arguments of every kind of storage, and a member set after it", ShapedReading.Make()),
        ("JSON nodes", new ShapedNodes { Node = JsonNode.Parse("""{"a":[1,"two",null]}"""), Object = new JsonObject { ["b"] = 2.5 }, Array = new JsonArray(JsonValue.Create(true), JsonValue.Create("x")), Value = JsonValue.Create("v") }),
    ];

    /// <summary>An order with every kind of member set.</summary>
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

public sealed class ShapedBuffers
{
    public ReadOnlyMemory<int> Readings { get; set; }

    public Memory<ShapedPoint> Points { get; set; }

    public ReadOnlyMemory<string?> Names { get; set; }

    public ReadOnlyMemory<int> Empty { get; set; }

    public ReadOnlyMemory<byte> Bytes { get; set; }
}

/// <summary>
/// Read through its constructor: numbers, a GUID, a date, an enum and a nullable (kept as bytes until the call); text,
/// a list and a pair, a struct that holds a reference (kept as references); a parameter with a default; and a settable
/// member read before the object exists, assigned after the call.
/// </summary>
public sealed class ShapedReading
{
    [JsonConstructor]
    public ShapedReading(int id, double value, bool valid, Guid sensor, DateTimeOffset at, ShapedStatus status, int? limit, string? label, List<int>? samples, KeyValuePair<string, int> pair, long offset = 7)
    {
        Id = id;
        Value = value;
        Valid = valid;
        Sensor = sensor;
        At = at;
        Status = status;
        Limit = limit;
        Label = label;
        Samples = samples;
        Pair = pair;
        Offset = offset;
    }

    public int Id { get; }

    public double Value { get; }

    public bool Valid { get; }

    public Guid Sensor { get; }

    public DateTimeOffset At { get; }

    public ShapedStatus Status { get; }

    public int? Limit { get; }

    public string? Label { get; }

    public List<int>? Samples { get; }

    public KeyValuePair<string, int> Pair { get; }

    public long Offset { get; }

    public short Extra { get; set; }

    public static ShapedReading Make()
        => new(3, 2.5, true, new Guid("0f8fad5b-d9cb-469f-a165-70867728950e"), new DateTimeOffset(2026, 12, 7, 10, 30, 0, TimeSpan.FromHours(2)), ShapedStatus.Shipped, 12, "r", [1, 2], new("k", 4), 9) { Extra = 5 };
}
