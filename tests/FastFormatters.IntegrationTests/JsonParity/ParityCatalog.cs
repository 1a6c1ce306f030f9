using System.Collections.Immutable;
using System.Collections.ObjectModel;
using System.Text.Json;
using System.Text.Json.Nodes;
using FastFormatters.IntegrationTests.JsonParity.Models;

namespace FastFormatters.IntegrationTests.JsonParity;

/// <summary>The type matrix: every model with the value its endpoints answer.</summary>
public static class ParityCatalog
{
    private static readonly Guid s_guid = new("0f8fad5b-d9cb-469f-a165-70867728950e");

    public static IReadOnlyList<ParityCase> All { get; } =
    [
        Case("primitives", () => new Primitives
        {
            Int32 = -123456,
            Int64 = 9007199254740993,
            Int16 = short.MinValue,
            Byte = byte.MaxValue,
            SByte = sbyte.MinValue,
            UInt64 = ulong.MaxValue,
            Double = 0.1,
            SmallDouble = 1e-7,
            LargeDouble = 1e21,
            NegativeZero = -0.0,
            Single = 0.1f,
            Half = (Half)1.5,
            Decimal = 1.50m,
            LargeDecimal = decimal.MaxValue,
            Boolean = true,
            Text = "Zoë naïve café — ✓ 😀 <b>&amp;</b> 'single' \"double\" back\\slash tab\t newline\n control\u0001 del\u007f ls\u2028 /",
            NullText = null,
            Guid = s_guid,
            UtcDateTime = new DateTime(2024, 5, 1, 12, 30, 0, DateTimeKind.Utc),
            UnspecifiedDateTime = new DateTime(2024, 5, 1, 12, 30, 0, 250, DateTimeKind.Unspecified),
            LocalDateTime = new DateTime(2024, 5, 1, 12, 30, 0, DateTimeKind.Local),
            DateTimeOffset = new DateTimeOffset(2024, 5, 1, 12, 30, 0, 123, TimeSpan.FromHours(2)).AddTicks(4567),
            DateOnly = new DateOnly(2024, 2, 29),
            TimeOnly = new TimeOnly(14, 5, 9, 500),
            TimeSpan = new TimeSpan(1, 2, 3, 4, 500),
            NegativeTimeSpan = -TimeSpan.FromMinutes(90),
            AbsoluteUri = new Uri("https://example.com/päth?q=1&r=ü#frag"),
            RelativeUri = new Uri("/relative/path?x=1", UriKind.Relative),
            Bytes = [0, 1, 2, 250, 255, 62, 63],
            Char = 'é',
        }),

        // Top-level values: scalars, a sequence (streamed by FastFormatters) and a dictionary.
        Case("int", () => 42),
        Case("string", () => "ünï \"quoted\" <tag> &"),
        Case("guid", () => s_guid),
        Case("decimal", () => 19.990m),
        Case("date-time-offset", () => new DateTimeOffset(2024, 5, 1, 12, 30, 0, TimeSpan.FromHours(-5))),
        Case("int-array", () => new[] { 1, -2, 3 }),
        Case("string-list", () => new List<string> { "a", "Ünï", "" }),
        Case("dictionary", () => new Dictionary<string, int> { ["One"] = 1, ["TwoWords"] = 2, ["three"] = 3 }),

        Case("enums", () => new Enums
        {
            Color = Color.Blue,
            Undefined = (Color)42,
            Flags = Permissions.Read | Permissions.Execute,
            NamedCombination = Permissions.ReadWrite,
            UnnamedBits = Permissions.Read | (Permissions)16,
            NoFlags = Permissions.None,
            Shipping = Shipping.ExpressAir,
            PlainShipping = Shipping.Pickup,
            Priority = Priority.High,
            NullableColor = Color.Green,
            NullColor = null,
            Colors = [Color.Red, Color.Blue],
            ByColor = { [Color.Green] = "go", [Color.Red] = "stop" },
        }) with { HasEnums = true },
        Case("enum-converter-on-member", () => new EnumConverterOnMember { Label = "l", Named = Color.Green, Plain = Color.Blue }) with { HasEnums = true },

        Case("nullables", () => new Nullables
        {
            SetInt = 7,
            SetDouble = 2.5,
            SetBool = false,
            SetGuid = s_guid,
            SetDateTimeOffset = new DateTimeOffset(2023, 1, 2, 3, 4, 5, TimeSpan.Zero),
            SetDateOnly = new DateOnly(2023, 1, 2),
            SetChar = 'x',
            Sparse = [1, null, 3],
        }),

        Case("collections", () => new Collections
        {
            Numbers = [1, 2, 3],
            Empty = [],
            Names = ["a", "Ünï"],
            Set = [3, 1, 2],
            Counts = { ["FirstKey"] = 1, ["second key"] = 2, ["Ünï"] = 3 },
            ByNumber = { [10] = "ten", [-1] = "minus one" },
            ByLong = { [9007199254740993] = true },
            ByGuid = { [s_guid] = "g" },
            ReadOnlyList = [0.5, 1.25],
            Sequence = new List<int> { 4, 5 },
            Collection = new List<string> { "c" },
            InterfaceSet = new HashSet<string> { "s" },
            InterfaceDictionary = new Dictionary<string, string> { ["Key"] = "v" },
            ReadOnlyDictionary = new Dictionary<string, int> { ["ReadOnly"] = 1 },
            Sorted = { ["b"] = 2, ["a"] = 1 },
            Jagged = [[1], [2, 3], []],
            Items = [new Item { Sku = "A-1", Quantity = 2, Price = 9.50m }, new Item { Sku = "B-2", Quantity = 1, Price = 0.10m }],
            ItemsByKey = { ["Main"] = new Item { Sku = "M", Quantity = 1, Price = 1m } },
            ListsByKey = { ["Evens"] = [2, 4] },
            NullList = null,
        }),
        Case("other-collections", () =>
        {
            var stack = new Stack<int>();
            stack.Push(1);
            stack.Push(2);
            stack.Push(3);
            return new OtherCollections
            {
                Queue = new Queue<int>([1, 2, 3]),
                Stack = stack,
                ImmutableArray = [1, 2],
                ImmutableList = ["x", "y"],
                ImmutableDictionary = ImmutableDictionary<string, int>.Empty.Add("A", 1),
                Observable = new ObservableCollection<string>(["o"]),
                SortedSet = [3, 1, 2],
                LinkedList = new LinkedList<int>([5, 6]),
            };
        }),

        Case("nested", () => new Order
        {
            Id = 1001,
            Billing = new Address { Street = "1 Main St", City = "Zürich", PostalCode = "8001" },
            Shipping = null,
            Lines = [new Item { Sku = "A-1", Quantity = 2, Price = 9.50m }],
            Previous = new Order { Id = 1000, Billing = new Address { Street = "2 Side St", City = "Basel" } },
        }),
        Case("record", () => new PersonRecord("Ada", "Lovelace", 36, new DateOnly(1815, 12, 10)) { Nickname = "Enchantress" }),
        Case("record-struct", () => new Point(3, -4)),
        Case("init-only", () => new InitOnly { Name = "custom", Level = 9, Tags = ["a", "b"], Origin = new Point(1, 2) }),
        Case("required", () => new RequiredMembers { Name = "needed", Count = 3 }),
        Case("property-names", () => new PropertyNames
        {
            Custom = "c",
            Unicode = 1,
            Pascal = true,
            URL = "https://example.com",
            IPAddress = "127.0.0.1",
            XMLHttpRequest = "xhr",
            Version2Id = 2,
            already_snake = "s",
        }),
        Case("ignore-conditions", () => new IgnoreConditions
        {
            Id = 1,
            Secret = "s3cr3t",
            KeptWhenSet = "kept",
            NonZeroKept = 7,
        }),
        Case("ignore-when-writing", () => new IgnoreWhenWriting { Id = 1, InputOnly = "never-sent" }),
        Case("included-members", () =>
        {
            var value = new IncludedMembers { Field = 5, NotIncluded = 9, Id = 2 };
            value.SetPrivate("private-set");
            value.SetInternal("internal-set");
            return value;
        }),
        Case("property-order", () => new OrderedMembers { BaseFirst = 1, BaseSecond = 2, BaseLast = 3, Middle = 4, First = 5, AfterMiddle = 6, Last = 7 }),
        Case("extension-objects", () => new ExtensionObjects
        {
            Id = 1,
            Name = "ext",
            Extra = new Dictionary<string, object>
            {
                ["score"] = 1.50m,
                ["count"] = 3,
                ["tags"] = new[] { "a", "b" },
                ["nested"] = new Dictionary<string, object> { ["deep"] = true, ["Ratio"] = 0.25 },
                ["when"] = new DateTime(2024, 5, 1, 0, 0, 0, DateTimeKind.Utc),
                ["CamelCase"] = "kept as is",
            },
        }) with { ObjectValuedPaths = ["$.score", "$.count", "$.tags", "$.nested", "$.when", "$.CamelCase", "$.unknownMember"] },
        Case("extension-elements", () => new ExtensionElements
        {
            Id = 2,
            Extra = new Dictionary<string, JsonElement>
            {
                ["raw"] = Element("""{"a":[1,2.50,"x"]}"""),
                ["Number"] = Element("1.50"),
            },
        }),
        Case("json-constructor", () => new ConstructorChoice(7, "chosen", 9) { Display = "shown" }),
        Case("internal-json-constructor", () => new InternalConstructor(8, "internal")),
        Case("number-handling-members", () => new NumberHandlingMembers
        {
            Quoted = 42,
            Price = 9.90m,
            NullableQuoted = 12345678901,
            Ratio = double.NaN,
            Strict = 5,
            Plain = 6,
        }),
        Case("number-handling-type", () => new QuotedNumbers { A = 1, B = null, C = 2.5, Label = "l" }),
        Case("number-handling-collection", () => new NumberHandlingOnCollection { Values = [1, 2], Scores = { ["Math"] = 9.5 } }),
        Case<Shape>("polymorphic-declared-base", () => new Circle { Name = "c", Radius = 1.5 }) with { DeclaredTypeMatters = true },
        Case("polymorphic-members", () => new Drawing
        {
            Title = "d",
            Main = new Square { Name = "sq", Side = 2 },
            Shapes = [new Circle { Name = "c", Radius = 1 }, new Square { Name = "s", Side = 3 }, new Shape { Name = "plain" }],
        }),
        Case("converter-on-type", () => new Invoice
        {
            Number = "INV-1",
            Total = new Money(12.34m, "EUR"),
            Discount = new Money(1.00m, "EUR"),
            NoDiscount = null,
            Lines = [new Money(10m, "EUR"), new Money(2.34m, "EUR")],
            ByCategory = { ["Books"] = new Money(12.34m, "EUR") },
        }),
        Case("struct-constructor", () => new GeoReading(47.37, 8.54)),
        Case("key-value-pair", () => new KeyValuePair<string, int>("answer", 42)),
        Case("byte-memory", () => new ByteMemory { Data = new byte[] { 0, 1, 2, 250, 255 }, ReadOnlyData = new byte[] { 62, 63 } }),
        Case("converter-on-collection", () => new MoneyBag("EUR", [1.5m, 2.25m])),
        Case("converter-on-collection-member", () => new Wallet { Owner = "Ada", Bag = new MoneyBag("EUR", [1.5m, 2.25m]) }),
        Case("documents", () => new Documents
        {
            Element = Element("""{"a":[1,2.50,"x"],"B":null}"""),
            NumberElement = Element("1.50e2"),
            MissingElement = null,
            Node = JsonNode.Parse("""[1,{"k":"v"}]"""),
            Object = new JsonObject { ["Key"] = 1 },
            Array = new JsonArray(1, "two", null),
            Value = JsonValue.Create(3.25m),
            NullNode = null,
            Boxed = 42,
            Anything = new Item { Sku = "obj", Quantity = 1, Price = 9.50m },
        }) with { ObjectValuedPaths = ["$.boxed", "$.anything"] },
        Case("data-member", () => new DataMemberNames
        {
            Named = "n",
            Ordered = 2,
            NotADataMember = "yes",
            IgnoredByDataContract = "still-here",
            NullNotEmitted = null,
        }),
        Case("computed", () => new Computed { A = 2, B = 3 }),
        Case("generic", () => new Page<Item> { Items = [new Item { Sku = "P", Quantity = 3, Price = 0.5m }], Total = 10, Next = "/page/2" }),

        // Contract modifier and options converter targets: plain types in every set, changed by option set 8.
        Case("modifier-renamed-hidden", () => new RenamedAndHidden { Id = 1, Label = "shown", InternalNote = "internal" }),
        Case("modifier-should-serialize", () => new ConditionallyHidden { Id = 1, Draft = string.Empty, Published = "yes" }),
        Case("options-converter", () => new Thermostat
        {
            Room = "Lab",
            Current = new Temperature(21.5),
            Target = new Temperature(19),
            History = [new Temperature(20), new Temperature(20.75)],
            ByRoom = { ["Kitchen"] = new Temperature(18.25) },
        }),

        // A cyclic graph: only under ReferenceHandler.IgnoreCycles (option set 5) is it writable at all.
        Case("cyclic-graph", CyclicGraph) with { InCommonMatrix = false },
    ];

    private static readonly Dictionary<string, ParityCase> s_byKey = All.ToDictionary(entry => entry.Key);
    private static readonly Dictionary<Type, ParityCase> s_byType = All.ToDictionary(entry => entry.Type);

    public static ParityCase Get(string key) => s_byKey[key];

    public static ParityCase For(Type type) => s_byType[type];

    public static T SampleOf<T>() => (T)For(typeof(T)).Sample()!;

    private static ParityCase Case<T>(string key, Func<T> sample) => new(key, typeof(T), () => sample());

    private static JsonElement Element(string json)
    {
        using var document = JsonDocument.Parse(json);
        return document.RootElement.Clone();
    }

    private static GraphNode CyclicGraph()
    {
        var root = new GraphNode { Name = "root" };
        var child = new GraphNode { Name = "child", Parent = root };
        var grandchild = new GraphNode { Name = "grandchild", Parent = child };
        root.Children.Add(child);
        child.Children.Add(grandchild);
        grandchild.Children.Add(root);
        return root;
    }
}
