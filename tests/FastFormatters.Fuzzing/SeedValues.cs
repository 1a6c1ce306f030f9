using FastFormatters.Core.Tests.MessagePack;

namespace FastFormatters.Fuzzing;

/// <summary>
/// The values the seed corpus is serialized from, built in code with fixed contents so every run starts from the same
/// bytes: the models of the targets (so mutations start from documents the readers accept), object trees, every kind of
/// number at its extremes, strings with escapes and non-ASCII text, enums, dates, nulls and deep nesting.
/// </summary>
internal static class SeedValues
{
    // A fixed instant: no DateTime.Now and no local time, whose text depends on the machine's time zone.
    private static readonly DateTimeOffset s_placed = new(2024, 2, 29, 23, 59, 58, 123, TimeSpan.FromHours(-7.5));

    /// <summary>Strings that need escaping, multi-byte UTF-8, a surrogate pair and U+2028, which JavaScript chokes on.</summary>
    public const string Tricky = "quote \" backslash \\ slash / \b\f\n\r\t \u0000\u001f \u007f é 東 😀 \u2028\u2029 end";

    public static IReadOnlyList<(object? Value, Type Type)> All() =>
    [
        Seed(Order()),
        Seed(AllTypes(max: true)),
        Seed(AllTypes(max: false)),
        Seed(new MpAllTypes()),
        Seed(Model()),
        Seed(new FuzzModel()),
        Seed(Tree(depth: 6)),
        Seed(new MpLabeledPoint("origin \"0\"", new MpPoint(-1, int.MaxValue), double.Epsilon) { Note = Tricky }),
        Seed(new List<int> { 0, 1, -1, 127, 128, 255, 256, -32, -33, 65535, 65536, int.MaxValue, int.MinValue }),
        Seed(new List<string?> { string.Empty, "a", Tricky, null, new string('x', 40) }),
        Seed(ObjectTree()),
        Seed<object?>(Nested(depth: 40)),
        Seed(new int[][] { [], [1], [1, 2, 3], [-5, 0, 5] }),
        Seed(new Dictionary<string, decimal> { ["zero"] = 0m, ["max"] = decimal.MaxValue, ["min"] = decimal.MinValue, ["tiny"] = 0.0000000000000000000000000001m }),
        Seed(new MpWithExtensionData { Known = 7, Extra = new() { ["unknown"] = "kept", ["list"] = new List<object?> { 1L, null, true } } }),
        Seed(new MpDataMembers { Id = 5, Name = "Ada", Email = "ada@example.com", NullableText = null, PlainNumber = -3, BirthDate = new DateOnly(1815, 12, 10) }),
        Seed(new MpDataContract { First = 1, Second = 2, Optional = "set" }),
        Seed(new MpNullables { Always = 1 }),
        Seed(new MpInitOnly { Id = 3, Name = "init", Tags = ["a", "b"] }),
        Seed(new MpStruct { A = -1, B = "b", C = -0.0 }),
        Seed(new MpNaming { OrderId = 9, CustomerName = "N", HTTPStatus = "200", ExplicitName = 1, DataMemberName = 2, First = 3, CountsByName = new() { ["one"] = 1 } }),
        Seed(new List<MpOrder> { Order(), Order(), Order() }),
        Seed(Tricky),
        Seed(string.Empty),
        Seed(long.MinValue),
        Seed(ulong.MaxValue),
        Seed(1.7976931348623157e308),
        Seed(-4.9e-324),
        Seed(float.MaxValue),
        Seed(double.NaN),
        Seed(double.NegativeInfinity),
        Seed(decimal.MinValue),
        Seed(true),
        Seed<object?>(null),
        Seed(MpColor.DarkRed),
        Seed(MpPermissions.Read | MpPermissions.Execute),
        Seed(new DateTime(2000, 1, 1, 0, 0, 0, DateTimeKind.Utc).AddTicks(1)),
        Seed(new DateTime(1999, 12, 31, 23, 59, 59, DateTimeKind.Unspecified)),
        Seed(s_placed),
        Seed(TimeSpan.FromTicks(-123_456_789_012)),
        Seed(new TimeOnly(23, 59, 59, 999)),
        Seed(Guid.Parse("0f8fad5b-d9cb-469f-a165-70867728950e")),
        Seed(new Uri("https://example.com/a?b=c#d")),
        Seed(new byte[] { 0, 1, 2, 0xfe, 0xff }),
    ];

    public static MpOrder Order() => new()
    {
        Id = Guid.Parse("6f9619ff-8b86-d011-b42d-00c04fc964ff"),
        Customer = new MpCustomer { Id = 42, Name = "Zoë Müller", Address = new MpAddress { Street = "1 Main St", City = null } },
        Lines = [new MpLine { Sku = "A-1", Quantity = 2, Price = 9.99m }, new MpLine { Sku = "B\"2", Quantity = -1, Price = -0.5m }],
        Prices = new() { ["A-1"] = 9.99m, ["B\"2"] = 1e20m },
        PlacedAt = s_placed,
        Color = MpColor.Blue,
        Discount = null,
        Signature = [0xde, 0xad, 0xbe, 0xef],
        Matrix = [[1, 2], [], [3]],
        Extra = ObjectTree(),
    };

    private static MpAllTypes AllTypes(bool max) => new()
    {
        Flag = max,
        U8 = max ? byte.MaxValue : byte.MinValue,
        I8 = max ? sbyte.MaxValue : sbyte.MinValue,
        I16 = max ? short.MaxValue : short.MinValue,
        U16 = max ? ushort.MaxValue : ushort.MinValue,
        I32 = max ? int.MaxValue : int.MinValue,
        U32 = max ? uint.MaxValue : uint.MinValue,
        I64 = max ? long.MaxValue : long.MinValue,
        U64 = max ? ulong.MaxValue : ulong.MinValue,
        Big = max ? Int128.MaxValue : Int128.MinValue,
        Money = max ? decimal.MaxValue : decimal.MinValue,
        Real = max ? double.MaxValue : -double.Epsilon,
        Single = max ? float.PositiveInfinity : float.MinValue,
        Letter = max ? '\uffff' : '\0',
        Text = max ? Tricky : string.Empty,
        Id = max ? Guid.Parse("ffffffff-ffff-ffff-ffff-ffffffffffff") : Guid.Empty,
        When = max ? DateTime.SpecifyKind(DateTime.MaxValue, DateTimeKind.Utc) : DateTime.MinValue,
        WhenOffset = max ? DateTimeOffset.MaxValue : DateTimeOffset.MinValue,
        Day = max ? DateOnly.MaxValue : DateOnly.MinValue,
        Time = max ? TimeOnly.MaxValue : TimeOnly.MinValue,
        Duration = max ? TimeSpan.MaxValue : TimeSpan.MinValue,
        Link = max ? new Uri("/relative/path?q=%20", UriKind.Relative) : new Uri("urn:isbn:0451450523"),
        Blob = max ? [.. Enumerable.Range(0, 300).Select(i => (byte)i)] : [],
        Color = max ? MpColor.DarkRed : (MpColor)99,
        Permissions = max ? MpPermissions.Read | MpPermissions.Write | MpPermissions.Execute : MpPermissions.None,
        MaybeNumber = max ? int.MinValue : null,
        Names = max ? ["", "n", Tricky] : [],
        ById = max ? new() { [int.MinValue] = "min", [0] = "", [int.MaxValue] = Tricky } : [],
        Anything = max ? ObjectTree() : null,
    };

    private static FuzzModel Model() => new()
    {
        Huge = UInt128.MaxValue,
        Half = (Half)65504,
        Small = MpSmall.Negative,
        Unsigned = MpUnsignedLong.Max,
        ByGuid = new() { [Guid.Parse("00000000-0000-0000-0000-000000000001")] = 1 },
        ByColor = new() { [MpColor.Red] = "r", [MpColor.DarkRed] = "dr" },
        ByLong = new() { [long.MinValue] = null, [0] = 1.5, [long.MaxValue] = "max" },
        Optional = [1, null, -1],
        Points = [new MpPoint(1, 2), new MpPoint(-3, -4)],
        Tags = ["x", "y"],
        Pair = new MpRecordStruct(5, "five"),
        Maybe = s_placed,
        Letters = ['a', '"', '\n', 'é', '\ud83d'],
    };

    private static MpNode Tree(int depth) => new()
    {
        Value = depth,
        Children = depth == 0 ? null : [Tree(depth - 1), new MpNode { Value = -depth }],
        Next = depth % 2 == 0 ? new MpNode { Value = 100 + depth } : null,
    };

    /// <summary>What an <c>object</c> member reads back as: dictionaries, lists and plain values.</summary>
    private static Dictionary<string, object?> ObjectTree() => new()
    {
        ["null"] = null,
        ["true"] = true,
        ["long"] = long.MinValue,
        ["ulong"] = ulong.MaxValue,
        ["double"] = -1.5e-300,
        ["text"] = Tricky,
        ["empty"] = new Dictionary<string, object?>(),
        ["list"] = new List<object?> { 0L, "one", new List<object?>(), new Dictionary<string, object?> { ["k"] = false } },
        ["é東"] = "non-ASCII key",
    };

    private static List<object?> Nested(int depth)
    {
        var root = new List<object?>();
        var current = root;
        for (int i = 0; i < depth; i++)
        {
            var next = new List<object?> { (long)i };
            current.Add(next);
            current = next;
        }

        return root;
    }

    private static (object? Value, Type Type) Seed<T>(T value) => (value, typeof(T));
}
