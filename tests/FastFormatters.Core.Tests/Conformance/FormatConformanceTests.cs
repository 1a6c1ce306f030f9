using System.Buffers;
using System.Text;
using System.Text.Json;

namespace FastFormatters.Core.Tests.Conformance;

/// <summary>
/// What every format must do, run for each of them through the public serializer: each value of a catalog comes back
/// equal; a document cut short, followed by stray data, nested deeper than the limit, or holding the wrong kind of
/// value is a <see cref="FormatReadException"/>, never another exception and never a value. A new format joins by
/// being added to <see cref="Formats"/>; the format-specific suites (Json/, Jmc/, MessagePack/) test the wire itself.
/// </summary>
public sealed class FormatConformanceTests
{
    private static readonly FastFormattersSerializer s_serializer = new();

    public static IEnumerable<FastFormat> Formats => [FastFormat.Json, FastFormat.Jsonc, FastFormat.MessagePack];

    /// <summary>Values covering every kind of converter: scalars at their edges, text, time, enums, nullables, collections, dictionaries, objects.</summary>
    private static readonly (string Name, object Value)[] s_catalog =
    [
        ("int min", int.MinValue),
        ("long max", long.MaxValue),
        ("ulong max", ulong.MaxValue),
        ("byte", (byte)255),
        ("double fraction", 0.1),
        ("double large", 1.7976931348623157E+308),
        ("double negative zero-ish", -4.9E-324),
        ("float", 3.25f),
        ("decimal", 79228162514264337593543950335m),
        ("bool", true),
        ("empty string", ""),
        ("escaped string", "quote \" backslash \\ tab \t newline \n nul \u0000 end"),
        ("non-ASCII string", "Zoë · 東京 · 🚀"),
        ("long string", new string('x', 70_000)),
        ("guid", new Guid("0f8fad5b-d9cb-469f-a165-70867728950e")),
        ("date time utc", new DateTime(2026, 11, 24, 6, 30, 15, 123, DateTimeKind.Utc)),
        ("date time offset", new DateTimeOffset(2026, 11, 24, 7, 30, 15, TimeSpan.FromHours(1))),
        ("date only", new DateOnly(2026, 11, 24)),
        ("time span", TimeSpan.FromMilliseconds(90_061_001)),
        ("enum", ConformanceColor.Blue),
        ("nullable with value", (int?)5),
        ("int array", new[] { 1, -2, 3 }),
        ("empty list", new List<string>()),
        ("nested lists", new List<List<int>> { new() { 1 }, new(), new() { 2, 3 } }),
        ("string dictionary", new Dictionary<string, int> { ["a"] = 1, ["b"] = 2 }),
        ("int-keyed dictionary", new Dictionary<int, string> { [1] = "one", [-2] = "minus two" }),
        ("object", ConformanceOrder.Sample),
        ("record", new ConformancePoint(3, -4)),
        ("recursive object", new ConformanceNode("root", [new ConformanceNode("leaf", [])])),
        ("list of objects", new List<ConformancePoint> { new(1, 2), new(3, 4) }),
    ];

    public static TheoryData<FastFormat, string> FormatsAndValues()
    {
        var data = new TheoryData<FastFormat, string>();
        foreach (var format in Formats)
        {
            foreach (var (name, _) in s_catalog)
            {
                data.Add(format, name);
            }
        }

        return data;
    }

    public static TheoryData<FastFormat> EachFormat()
    {
        var data = new TheoryData<FastFormat>();
        foreach (var format in Formats)
        {
            data.Add(format);
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(FormatsAndValues))]
    public void Every_value_comes_back_equal(FastFormat format, string name)
    {
        var value = Value(name);
        byte[] bytes = Serialize(format, value);

        var read = s_serializer.Deserialize(format, bytes, value.GetType());

        // Compared as System.Text.Json sees them: structural equality for collections and classes alike.
        Assert.Equal(JsonSerializer.Serialize(value, value.GetType()), JsonSerializer.Serialize(read, value.GetType()));
    }

    [Theory]
    [MemberData(nameof(FormatsAndValues))]
    public void The_same_value_gives_the_same_bytes_each_time_and_through_the_untyped_overload(FastFormat format, string name)
    {
        var value = Value(name);
        var untyped = new ArrayBufferWriter<byte>();
        s_serializer.Serialize(format, untyped, value, value.GetType());

        Assert.Equal(Serialize(format, value), Serialize(format, value));
        Assert.Equal(Serialize(format, value), untyped.WrittenSpan.ToArray());
    }

    [Theory]
    [MemberData(nameof(EachFormat))]
    public void A_document_cut_short_anywhere_is_a_format_error(FastFormat format)
    {
        // An object's every proper prefix is incomplete in every format (a scalar's may be a shorter valid scalar).
        byte[] whole = Serialize(format, ConformanceOrder.Sample);
        for (int length = 0; length < whole.Length; length++)
        {
            var error = Record.Exception(() => s_serializer.Deserialize<ConformanceOrder>(format, whole.AsSpan(0, length)));
            Assert.True(error is FormatReadException, $"{format}, first {length} of {whole.Length} bytes: {error?.GetType().Name ?? "read a value"}");
        }
    }

    [Theory]
    [MemberData(nameof(EachFormat))]
    public void Data_after_the_document_is_a_format_error(FastFormat format)
    {
        foreach (byte[] tail in new[] { "x"u8.ToArray(), "{}"u8.ToArray(), new byte[] { 0x01 }, new byte[] { 0xc0 } })
        {
            byte[] bytes = [.. Serialize(format, ConformanceOrder.Sample), .. tail];

            var error = Record.Exception(() => s_serializer.Deserialize<ConformanceOrder>(format, bytes));
            Assert.True(error is FormatReadException, $"{format} + {Convert.ToHexString(tail)}: {error?.GetType().Name ?? "read a value"}");
        }
    }

    [Theory]
    [MemberData(nameof(EachFormat))]
    public void Nesting_deeper_than_the_limit_is_a_format_error(FastFormat format)
    {
        // Written by a serializer whose limits allow it, read by one with the defaults: 64 levels for JSON and JMC1, 500
        // for MessagePack (MessagePack-CSharp's). 300 nodes are 600 levels (an object and its list each).
        var deepOptions = SuiteOptions.With(new FastSerializerOptions { MessagePack = { MaxDepth = FastSerializerOptions.MaxDepthLimit } });
        var deep = new FastFormattersSerializer(deepOptions, new JsonSerializerOptions(JsonSerializerDefaults.Web) { MaxDepth = FastSerializerOptions.MaxDepthLimit });
        var node = new ConformanceNode("leaf", []);
        for (int i = 0; i < 300; i++)
        {
            node = new ConformanceNode("n" + i, [node]);
        }

        var output = new ArrayBufferWriter<byte>();
        deep.Serialize(format, output, node);

        var error = Record.Exception(() => s_serializer.Deserialize<ConformanceNode>(format, output.WrittenSpan));
        Assert.True(error is FormatReadException, $"{format}: {error?.GetType().Name ?? "read a value"}");
    }

    [Theory]
    [MemberData(nameof(EachFormat))]
    public void The_wrong_kind_of_value_is_a_format_error(FastFormat format)
    {
        byte[] text = Serialize(format, "seven");
        byte[] nothing = Serialize<string?>(format, null);
        byte[] list = Serialize(format, new[] { 1, 2 });
        byte[] tooLarge = Serialize(format, long.MaxValue);

        AssertFormatError(() => s_serializer.Deserialize<int>(format, text), "a string as int");
        AssertFormatError(() => s_serializer.Deserialize<int>(format, nothing), "null as int");
        AssertFormatError(() => s_serializer.Deserialize<ConformanceOrder>(format, list), "an array as an object");
        AssertFormatError(() => s_serializer.Deserialize<Dictionary<string, int>>(format, text), "a string as a dictionary");
        AssertFormatError(() => s_serializer.Deserialize<int>(format, tooLarge), "long.MaxValue as int");
        AssertFormatError(() => s_serializer.Deserialize<ConformanceColor>(format, Serialize(format, 1.5)), "1.5 as an enum");

        void AssertFormatError(Action read, string what)
        {
            var error = Record.Exception(read);
            Assert.True(error is FormatReadException, $"{format}, {what}: {error?.GetType().Name ?? "read a value"}");
        }
    }

    [Theory]
    [MemberData(nameof(EachFormat))]
    public void Format_errors_name_the_format_and_a_position_inside_the_document(FastFormat format)
    {
        byte[] whole = Serialize(format, ConformanceOrder.Sample);
        byte[] cut = whole[..(whole.Length / 2)];

        var error = Assert.Throws<FormatReadException>(() => s_serializer.Deserialize<ConformanceOrder>(format, cut));

        Assert.Equal(format switch { FastFormat.Json => "json", FastFormat.Jsonc => "jsonc", _ => "msgpack" }, error.Format);
        Assert.InRange(error.BytePosition, 0, cut.Length);
        Assert.StartsWith("$", error.Path, StringComparison.Ordinal);
    }

    private static object Value(string name) => Array.Find(s_catalog, entry => entry.Name == name).Value;

    private static byte[] Serialize<T>(FastFormat format, T value)
    {
        var output = new ArrayBufferWriter<byte>();
        s_serializer.Serialize(format, output, value);
        return output.WrittenSpan.ToArray();
    }

    private static byte[] Serialize(FastFormat format, object value)
    {
        var output = new ArrayBufferWriter<byte>();
        s_serializer.Serialize(format, output, value, value.GetType());
        return output.WrittenSpan.ToArray();
    }
}

public enum ConformanceColor
{
    Red,
    Green,
    Blue,
}

public sealed record ConformancePoint(int X, int Y);

public sealed record ConformanceNode(string Name, List<ConformanceNode> Children);

public sealed class ConformanceOrder
{
    public static ConformanceOrder Sample => new()
    {
        Id = 42,
        Customer = "Zoë",
        Placed = new DateTimeOffset(2026, 11, 24, 6, 0, 0, TimeSpan.Zero),
        Color = ConformanceColor.Green,
        Lines = [new ConformancePoint(1, 2), new ConformancePoint(3, 4)],
        Tags = new Dictionary<string, string> { ["gift"] = "yes" },
        Discount = null,
    };

    public int Id { get; set; }

    public string Customer { get; set; } = "";

    public DateTimeOffset Placed { get; set; }

    public ConformanceColor Color { get; set; }

    public List<ConformancePoint> Lines { get; set; } = [];

    public Dictionary<string, string> Tags { get; set; } = [];

    public decimal? Discount { get; set; }
}
