using System.Collections.Concurrent;
using System.Collections.Immutable;
using System.Collections.ObjectModel;
using FastFormatters.Compatibility.Tests.Models;
using MessagePack;
using MessagePack.Resolvers;

namespace FastFormatters.Compatibility.Tests.Samples;

/// <summary>
/// The type matrix: a value of every kind of type the MessagePack format claims MessagePack-CSharp's wire for, each with
/// the options a MessagePack-CSharp client would use for it.
/// </summary>
public static class SampleCatalog
{
    public static readonly MessagePackSerializerOptions Standard = StandardResolver.Options;

    public static readonly MessagePackSerializerOptions Contractless = ContractlessStandardResolver.Options;

    private static readonly DateTime s_instant = new(2024, 1, 2, 3, 4, 5, DateTimeKind.Utc);

    // Long enough that every object sample is at least 64 bytes, the size below which MessagePack-CSharp never compresses.
    private const string LongLabel = "a label long enough that MessagePack-CSharp compresses the payload";

    public static IReadOnlyList<CompatibilitySample> All { get; } = Create();

    /// <summary>Every declared type in the matrix: each gets an MVC and a minimal echo and describe endpoint.</summary>
    public static IReadOnlyList<Type> Types { get; } = [.. All.Select(sample => sample.Type).Distinct()];

    public static CompatibilitySample Get(string name) => All.Single(sample => sample.Name == name);

    public static Circle NewCircle() => new() { Radius = 2.5, Label = "circle: " + LongLabel };

    public static IntKeyedOrder NewOrder(int id, int lines) => new()
    {
        Id = id,
        Customer = "Ada Lovelace, Countess of Lovelace",
        Status = OrderStatus.Shipped,
        Lines = [.. Enumerable.Range(1, lines).Select(i => new OrderLine { Sku = $"SKU-{i:D4}", Quantity = i, UnitPrice = 19.99m + i })],
        Note = null,
        InternalMemo = "never on the wire",
    };

    private static List<CompatibilitySample> Create()
    {
        var rectangle = new Rectangle { Width = 4, Height = 3.25, Label = "rectangle: " + LongLabel };
        var polygon = new Polygon { Vertices = [(0, 0), (4, 0), (4, 3)], Label = "polygon: " + LongLabel };
        var dog = new Dog { Name = "Rex the Wonder Dog of Westminster", GoodBoy = true, Tricks = ["sit", "roll over", "play dead", "fetch the newspaper"] };
        var cat = new Cat { Name = "Tom", Lives = 9, Favourite = null };

        return
        [
            // [MessagePackObject] with int keys, string keys and CLR names.
            Attributed("IntKeyedOrder", NewOrder(42, 2)),
            Attributed("StringKeyedProfile", new StringKeyedProfile
            {
                Score = 5_000_000_000,
                UserName = "ada",
                Tags = ["math", "engines"],
                Avatar = [0x89, 0x50, 0x4E, 0x47],
                LongKeyed = "long key",
                SessionToken = "never on the wire",
            }),
            Attributed("PropertyNameKeyedEvent", new PropertyNameKeyedEvent
            {
                Title = "MessagePack interop meetup",
                StartsAt = s_instant,
                Attendees = 120,
                Venue = "Room 4",
                Internal = 99,
            }),

            // Data contracts.
            Attributed("OrderedDataContract", new OrderedDataContract { Id = 7, Name = "ordered: " + LongLabel, Created = s_instant, Values = [1, 2, 300], Unmarked = "never on the wire" }),
            Attributed("NamedDataContract", new NamedDataContract { FirstName = "Grace Brewster Murray", LastName = "Hopper of the US Navy", Age = 85, Unmarked = "never", Ignored = "never on the wire" }),

            // Unions on an interface and on an abstract class, at the top level and as members.
            Attributed<IShape>("IShape Circle (tag 0)", NewCircle()),
            Attributed<IShape>("IShape Rectangle (tag 1)", rectangle),
            Attributed<IShape>("IShape Polygon (tag 300)", polygon),
            Attributed<List<IShape>>("List<IShape>", [NewCircle(), rectangle, polygon]),
            Attributed("Drawing (union members)", new Drawing { Title = "drawing", Shapes = [rectangle, NewCircle()], Highlight = polygon, Background = null }),
            Attributed<Animal>("Animal Dog (abstract union)", dog),
            Attributed<List<Animal>>("List<Animal>", [dog, cat]),

            // Construction: [SerializationConstructor], positional records, init-only members.
            Attributed("Temperature (SerializationConstructor)", new Temperature(21.5, "C") { Station = "station: " + LongLabel }),
            Attributed("GeoPoint (positional record)", new GeoPoint(51.5007, -0.1246, "Elizabeth Tower, Westminster, London, United Kingdom")),
            Attributed("InitOnlySettings", new InitOnlySettings
            {
                Theme = "solarized-dark",
                FontSize = 14,
                DarkMode = true,
                AutoSaveInterval = TimeSpan.FromMinutes(5),
                RecentFiles = ["/home/ada/notes/engine.txt", "/home/ada/notes/bernoulli.txt"],
            }),

            // Scalars, enums, collections and object slots as members.
            Attributed("TimeValues", new TimeValues
            {
                Timestamp32 = s_instant,
                Timestamp64 = s_instant.AddTicks(1234567),
                BeforeEpoch = new DateTime(1969, 12, 31, 23, 59, 59, DateTimeKind.Utc),
                Year2600 = new DateTime(2600, 1, 1, 0, 0, 0, DateTimeKind.Utc),
                MinValue = DateTime.SpecifyKind(DateTime.MinValue, DateTimeKind.Utc),
                MaxValue = DateTime.SpecifyKind(DateTime.MaxValue, DateTimeKind.Utc),
                Unspecified = new DateTime(2024, 1, 2, 3, 4, 5, DateTimeKind.Unspecified),
                MissingDate = null,
                PresentDate = s_instant.AddDays(1),
                India = new DateTimeOffset(2024, 1, 2, 3, 4, 5, TimeSpan.FromMinutes(330)).AddTicks(1234567),
                Pacific = new DateTimeOffset(2024, 1, 2, 3, 4, 5, TimeSpan.FromHours(-8)),
                Utc = new DateTimeOffset(s_instant),
                Duration = TimeSpan.FromSeconds(1.5),
                NegativeTick = TimeSpan.FromTicks(-1),
                OneDay = TimeSpan.FromDays(1),
                TimeOfDay = new TimeOnly(12, 34, 56, 789),
                Day = new DateOnly(2024, 1, 2),
                FirstDay = DateOnly.MinValue,
                History = [s_instant, new DateTime(1900, 6, 1, 0, 0, 0, DateTimeKind.Utc), s_instant.AddTicks(1)],
                MissingDuration = null,
            }),
            Attributed("NumberAndTextValues", new NumberAndTextValues
            {
                Letter = 'A',
                Accented = 'é',
                Cjk = '中',
                Price = 1.50m,
                NegativeDecimal = -123.456m,
                MaxDecimal = decimal.MaxValue,
                Id = Guid.Parse("0F8FAD5B-D9CB-469F-A165-70867728950E"),
                IntMax = int.MaxValue,
                IntMin = int.MinValue,
                BelowIntMin = -2147483649L,
                Byte = 200,
                SByte = -5,
                SmallShort = 200,
                NegativeShort = -300,
                UShortMax = ushort.MaxValue,
                UIntMax = uint.MaxValue,
                ULongMax = ulong.MaxValue,
                Single = 1.5f,
                WholeDouble = 1.0,
                NotANumber = double.NaN,
                Flag = true,
                Empty = "",
                ThirtyTwoUtf8Bytes = new string('é', 16),
                Missing = null,
                NullableInt = 5,
                MissingInt = null,
                NullableDecimal = 0.001m,
                MissingGuid = null,
            }),
            Attributed("EnumValues", NewEnumValues()),
            Attributed("UndefinedEnumValue", new UndefinedEnumValue { Status = (OrderStatus)70000, UnknownFlags = (Permissions)9 }),
            Attributed("CollectionValues", new CollectionValues
            {
                NamesById = new() { [1] = "one", [300] = "three hundred", [-5] = "minus five" },
                IdsByName = new() { ["alpha"] = 1, ["beta"] = 70000 },
                Pair = Tuple.Create(7, "seven"),
                Triple = (1, "a", true),
                Entry = new("key", 1),
                Bytes = [1, 2, 3, 255],
                Set = [3, 1, 2],
                Names = ["x", "y"],
                Numbers = [1, -1, 300, 70000],
                NullableNumbers = [1, null, 3],
                MissingBytes = null,
                MissingList = null,
                LinesByNumber = new() { [5_000_000_000] = new OrderLine { Sku = "SKU-LONG", Quantity = 1, UnitPrice = 0.5m } },
                Nested = [[1, 2], [], [3]],
            }),
            Attributed("OtherCollectionValues", NewOtherCollectionValues()),
            Attributed("ObjectSlots", NewObjectSlots()),

            // Top-level values of each built-in type.
            Attributed("DateTime", s_instant.AddTicks(1234567)),
            Attributed("DateTimeOffset", new DateTimeOffset(2024, 1, 2, 3, 4, 5, TimeSpan.FromMinutes(330))),
            Attributed("TimeSpan", TimeSpan.FromSeconds(1.5)),
            Attributed("TimeOnly", new TimeOnly(12, 34, 56, 789)),
            Attributed("DateOnly", new DateOnly(2024, 1, 2)),
            Attributed("char", '中'),
            Attributed("decimal", -123.456m),
            Attributed("Guid", Guid.Parse("0f8fad5b-d9cb-469f-a165-70867728950e")),
            Attributed("OrderStatus enum", OrderStatus.Cancelled),
            Attributed<int?>("Nullable<int>", 70000),
            Attributed("string", new string('é', 16)),
            Attributed("byte[]", Enumerable.Range(0, 300).Select(i => (byte)i).ToArray()),
            Attributed("Tuple<int,string>", Tuple.Create(300, "three hundred")),
            Attributed("ValueTuple<int,string>", (-1, "minus one")),
            Attributed("KeyValuePair<string,int>", new KeyValuePair<string, int>("key", 300)),
            Attributed("Dictionary<int,string>", new Dictionary<int, string> { [1] = "one", [300] = "three hundred", [-1] = "minus one" }),
            Attributed("HashSet<string>", new HashSet<string> { "b", "a", "c" }),
            Attributed("List<OrderLine>", NewOrder(1, 5).Lines),
            Attributed("OrderLine[]", NewOrder(1, 4).Lines.ToArray()),
            Attributed("ReadOnlyMemory<int>", new ReadOnlyMemory<int>([1, 300, -70000])),
            Attributed("Memory<OrderLine>", NewOrder(1, 4).Lines.ToArray().AsMemory()),
            Attributed<object>("object (boxed values)", new object?[] { 1, 2L, "x", true, 1.5, (byte)7, (short)-3, null }),

            // Attribute-free types under ContractlessStandardResolver.
            Plain("ContractlessCustomer", new ContractlessCustomer
            {
                Rating = 4.5,
                Name = "Grace Hopper",
                Age = 85,
                Emails = ["grace@navy.example", "hopper@cobol.example"],
                Scores = new() { ["math"] = 100, ["navy"] = 95 },
                Region = "US-East",
                PasswordHash = "never on the wire",
            }),
            Plain("ContractlessDerived (inheritance)", new ContractlessDerived
            {
                BaseField = "base-field",
                BaseProp = 1,
                DerivedField = "derived-field",
                DerivedProp = 2,
                Description = "derived: " + LongLabel,
            }),
            Plain("ContractlessPoint (struct)", new ContractlessPoint { X = 3, Y = -4, Label = "point: " + LongLabel }),
            Plain("ContractlessRecord (positional)", new ContractlessRecord("record: " + LongLabel, 3, s_instant, ["a", "b"])),
            Plain("ContractlessMoney (constructor-bound get-only)", new ContractlessMoney("EUR", 1234.50m) { Memo = "money: " + LongLabel }),
            Plain("List<ContractlessRecord>", new List<ContractlessRecord> { new("first", 1, s_instant, []), new("second", 2, s_instant.AddDays(1), ["x"]) }),
        ];
    }

    public static EnumValues NewEnumValues() => new()
    {
        Status = OrderStatus.Shipped,
        LargeStatus = OrderStatus.Cancelled,
        NegativeStatus = OrderStatus.Refunded,
        Priority = Priority.High,
        Storage = StorageClass.Hot,
        Permissions = Permissions.Read | Permissions.Write,
        Speed = ShippingSpeed.NextDay,
        MissingStatus = null,
        PresentStatus = OrderStatus.Pending,
        History = [.. Enumerable.Repeat(new[] { OrderStatus.Pending, OrderStatus.Shipped, OrderStatus.Cancelled, OrderStatus.Refunded }, 12).SelectMany(statuses => statuses)],
        CountByStatus = new() { [OrderStatus.Shipped] = 3, [OrderStatus.Cancelled] = 1 },
    };

    public static ObjectSlots NewObjectSlots() => new()
    {
        Int = 1,
        Long = 5L,
        Short = (short)7,
        Byte = (byte)200,
        SByte = (sbyte)-5,
        UShort = (ushort)9,
        UInt = 10u,
        ULong = 11UL,
        Bool = true,
        Double = 1.5,
        Single = 2.5f,
        Text = "text",
        Null = null,
        Array = new object[] { 1, "a" },
        Map = new Dictionary<string, object> { ["a"] = 1 },
        Enum = OrderStatus.Shipped,
        Timestamp = s_instant,
        Bytes = new byte[] { 1, 2 },
        Extra = new() { ["count"] = 3, ["label"] = "x", ["nothing"] = null },
    };

    private static OtherCollectionValues NewOtherCollectionValues()
    {
        var undo = new Stack<string>();
        undo.Push("first");
        undo.Push("second");
        undo.Push("top");
        return new OtherCollectionValues
        {
            Inbox = new Queue<int>([1, 2, 3]),
            Undo = undo,
            Frozen = [5, 6],
            Names = ["x", "y"],
            Counts = ImmutableDictionary<string, int>.Empty.Add("a", 1),
            Limits = new Dictionary<string, int> { ["max"] = 10 }.AsReadOnly(),
            Pending = new ConcurrentQueue<int>([7, 8]),
            Recent = new ConcurrentStack<int>([1, 2, 3]),
            Fixed = new List<int> { 4, 5 }.AsReadOnly(),
            Tags = [42],
            History = ImmutableStack.Create(1, 2, 3),
            Jobs = ImmutableQueue.Create(9, 8),
            Ranks = [3, 1, 2],
            Chain = new LinkedList<int>([5, 6]),
            Sorted = [3, 1, 2],
            Observed = ["o", "p"],
            Payload = new byte[] { 1, 2, 255 },
            Signature = new byte[] { 0, 9 },
            Readings = new[] { 0, 300, -1, 70000 }.AsMemory(1, 3),
            Labels = new[] { "l", "m" },
        };
    }

    private static CompatibilitySample Attributed<T>(string name, T value) => new(name, typeof(T), value, Standard);

    private static CompatibilitySample Plain<T>(string name, T value) => new(name, typeof(T), value, Contractless);
}
