using System.Buffers;
using System.Runtime.Serialization;
using System.Text;
using System.Text.Json;
using System.Text.Json.Nodes;
using System.Text.Json.Serialization;
using System.Text.Json.Serialization.Metadata;
using FastFormatters.Serialization;

namespace FastFormatters.Core.Tests.Json;

/// <summary>
/// The default JSON contract follows the app's System.Text.Json options: for each option set, what FastFormatters
/// writes is the document System.Text.Json writes (values and member order), and what it reads is what System.Text.Json
/// reads; types it cannot reproduce are served by System.Text.Json itself.
/// </summary>
public sealed class SystemTextJsonContractTests
{
    private static JsonSerializerOptions Web(Action<JsonSerializerOptions>? configure = null)
    {
        var options = new JsonSerializerOptions(JsonSerializerDefaults.Web) { TypeInfoResolver = new DefaultJsonTypeInfoResolver() };
        configure?.Invoke(options);
        return options;
    }

    public static TheoryData<string> OptionSets => new() { "web", "enum-names", "snake", "ignore-null", "write-as-string", "kebab-enums" };

    private static JsonSerializerOptions Make(string name) => name switch
    {
        "web" => Web(),
        "enum-names" => Web(o => o.Converters.Add(new JsonStringEnumConverter())),
        "snake" => Web(o =>
        {
            o.PropertyNamingPolicy = JsonNamingPolicy.SnakeCaseLower;
            o.DictionaryKeyPolicy = JsonNamingPolicy.SnakeCaseLower;
        }),
        "ignore-null" => Web(o => o.DefaultIgnoreCondition = JsonIgnoreCondition.WhenWritingNull),
        "write-as-string" => Web(o => o.NumberHandling = JsonNumberHandling.WriteAsString | JsonNumberHandling.AllowReadingFromString),
        "kebab-enums" => Web(o => o.Converters.Add(new JsonStringEnumConverter(JsonNamingPolicy.KebabCaseLower))),
        _ => throw new ArgumentOutOfRangeException(nameof(name)),
    };

    [Theory]
    [MemberData(nameof(OptionSets))]
    public void Writes_the_document_System_Text_Json_writes(string optionSet)
    {
        var options = Make(optionSet);
        AssertSameDocument(Sample(), options);
        AssertSameDocument(new Contracted { Name = "n", Hidden = "h", ReadOnly = 1 }, options);
        AssertSameDocument(new Dictionary<string, int> { ["FirstKey"] = 1 }, options);
    }

    [Theory]
    [MemberData(nameof(OptionSets))]
    public void Reads_what_System_Text_Json_reads(string optionSet)
    {
        var options = Make(optionSet);
        string json = JsonSerializer.Serialize(Sample(), options);

        var ours = Serializer(options).DeserializeJson<Shipment>(Encoding.UTF8.GetBytes(json));

        Assert.Equal(json, JsonSerializer.Serialize(ours, options));
    }

    [Fact]
    public void DataMember_names_are_ignored_and_JsonIgnore_conditions_apply()
    {
        var json = Write(new Contracted { Name = "n", Hidden = "h", InputOnly = "in", Ignored = "x" }, Web());

        Assert.Contains("\"name\":\"n\"", json, StringComparison.Ordinal);
        Assert.DoesNotContain("label", json, StringComparison.Ordinal);
        Assert.DoesNotContain("inputOnly", json, StringComparison.Ordinal);
        Assert.DoesNotContain("ignored", json, StringComparison.Ordinal);
        Assert.Equal("in", Serializer(Web()).DeserializeJson<Contracted>("""{"inputOnly":"in"}"""u8).InputOnly);
    }

    [Fact]
    public void Required_members_missing_from_the_body_are_an_error_naming_them()
    {
        var error = Assert.Throws<FormatReadException>(() => Serializer(Web()).DeserializeJson<WithRequired>("""{"note":"x"}"""u8));

        Assert.Contains("'name'", error.Message, StringComparison.Ordinal);
        Assert.Contains("'count'", error.Message, StringComparison.Ordinal);
        Assert.Equal("a", Serializer(Web()).DeserializeJson<WithRequired>("""{"name":"a","count":1}"""u8).Name);
    }

    [Fact]
    public void Web_defaults_read_numbers_from_strings_and_names_case_insensitively()
    {
        var read = Serializer(Web()).DeserializeJson<Shipment>("""{"ID":"42","weight":"2.5"}"""u8);

        Assert.Equal(42, read.Id);
        Assert.Equal(2.5, read.Weight);
    }

    [Fact]
    public void Strict_options_are_strict()
    {
        var strict = Web(o =>
        {
            o.PropertyNameCaseInsensitive = false;
            o.NumberHandling = JsonNumberHandling.Strict;
            o.UnmappedMemberHandling = JsonUnmappedMemberHandling.Disallow;
        });

        Assert.Throws<FormatReadException>(() => Serializer(strict).DeserializeJson<Shipment>("""{"id":"42"}"""u8));
        Assert.Throws<FormatReadException>(() => Serializer(strict).DeserializeJson<Shipment>("""{"unknown":1}"""u8));
        Assert.Equal(0, Serializer(strict).DeserializeJson<Shipment>("""{"weight":1}"""u8).Id);
    }

    [Fact]
    public void Types_the_converters_cannot_reproduce_are_served_by_System_Text_Json()
    {
        var options = Web(o =>
        {
            o.Converters.Add(new UpperCaseConverter());
            o.TypeInfoResolver = new DefaultJsonTypeInfoResolver
            {
                Modifiers = { info => { foreach (var property in info.Properties) { if (property.Name == "secret") { property.Get = _ => "redacted"; } } } },
            };
        });
        var serializer = new FastSerializer(SuiteOptions.Create(), options);

        AssertSameDocument(new Shouting { Word = "hello" }, options);
        AssertSameDocument(new WithSecret { Secret = "s" }, options);
        AssertSameDocument(new Zoo { Star = new Lion { Mane = 3 } }, options);
        Assert.Equal("""{"star":{"$type":"lion","mane":3}}""", Write(new Zoo { Star = new Lion { Mane = 3 } }, options));
        Assert.IsType<Lion>(serializer.DeserializeJson<Zoo>("""{"star":{"$type":"lion","mane":3}}"""u8).Star);
    }

    [Fact]
    public void Options_that_accept_more_than_strict_JSON_read_whole_documents_through_System_Text_Json()
    {
        var lenient = Web(o =>
        {
            o.AllowTrailingCommas = true;
            o.ReadCommentHandling = JsonCommentHandling.Skip;
        });

        var read = Serializer(lenient).DeserializeJson<Shipment>("{\"id\":7, /* note */ \"tags\":[\"a\",],}"u8);

        Assert.Equal(7, read.Id);
        Assert.Equal(["a"], read.Tags);
    }

    [Fact]
    public void A_type_System_Text_Json_refuses_is_refused()
        => Assert.Throws<NotSupportedException>(() => Write(new Clashing(), Web()));

    private static void AssertSameDocument<T>(T value, JsonSerializerOptions options)
    {
        string expected = JsonSerializer.Serialize(value, options);
        string actual = Write(value, options);
        Assert.True(JsonNode.DeepEquals(JsonNode.Parse(expected), JsonNode.Parse(actual)), $"System.Text.Json: {expected}\nFastFormatters: {actual}");
        Assert.Equal(Names(expected), Names(actual));
    }

    // Member names in document order, nested ones included: the order is part of what clients see.
    private static List<string> Names(string json)
    {
        var names = new List<string>();
        var reader = new Utf8JsonReader(Encoding.UTF8.GetBytes(json));
        while (reader.Read())
        {
            if (reader.TokenType == JsonTokenType.PropertyName)
            {
                names.Add(reader.GetString()!);
            }
        }

        return names;
    }

    private static FastSerializer Serializer(JsonSerializerOptions options) => new(SuiteOptions.Create(), options);

    private static string Write<T>(T value, JsonSerializerOptions options)
    {
        var output = new ArrayBufferWriter<byte>();
        Serializer(options).SerializeJson(output, value);
        return Encoding.UTF8.GetString(output.WrittenSpan);
    }

    private static Shipment Sample() => new()
    {
        Id = 42,
        Weight = 2.5,
        Price = 19.90m,
        Status = ShipmentStatus.InTransit,
        Tags = ["fragile", "Zoë"],
        Sizes = new Dictionary<string, int> { ["SmallBox"] = 1 },
        Sent = new DateTimeOffset(2026, 11, 23, 9, 30, 0, TimeSpan.FromHours(1)),
        Note = null,
    };

    public enum ShipmentStatus
    {
        Waiting,
        InTransit,
        [JsonStringEnumMemberName("arrived!")]
        Delivered,
    }

    public sealed class Shipment
    {
        public int Id { get; set; }

        public double Weight { get; set; }

        public decimal Price { get; set; }

        public ShipmentStatus Status { get; set; }

        public List<string> Tags { get; set; } = [];

        public Dictionary<string, int> Sizes { get; set; } = [];

        public DateTimeOffset Sent { get; set; }

        public string? Note { get; set; }

        [JsonPropertyOrder(-1)]
        public string Kind => "shipment";
    }

    public sealed class Contracted
    {
        [DataMember(Name = "label")]
        public string? Name { get; set; }

        [JsonIgnore]
        public string? Ignored { get; set; }

        [JsonIgnore(Condition = JsonIgnoreCondition.WhenWriting)]
        public string? InputOnly { get; set; }

        [JsonPropertyName("hidden_name")]
        public string? Hidden { get; set; }

        public int ReadOnly { get; init; }
    }

    public sealed class WithRequired
    {
        public required string Name { get; set; }

        [JsonRequired]
        public int Count { get; set; }

        public string? Note { get; set; }
    }

    [JsonConverter(typeof(UpperCaseConverter))]
    public sealed class Shouting
    {
        public string Word { get; set; } = string.Empty;
    }

    public sealed class UpperCaseConverter : JsonConverter<Shouting>
    {
        public override Shouting Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options) => new() { Word = reader.GetString()!.ToLowerInvariant() };

        public override void Write(Utf8JsonWriter writer, Shouting value, JsonSerializerOptions options) => writer.WriteStringValue(value.Word.ToUpperInvariant());
    }

    public sealed class WithSecret
    {
        public string Secret { get; set; } = string.Empty;
    }

    [JsonPolymorphic]
    [JsonDerivedType(typeof(Lion), "lion")]
    public class Animal
    {
    }

    public sealed class Lion : Animal
    {
        public int Mane { get; set; }
    }

    public sealed class Zoo
    {
        public Animal? Star { get; set; }
    }

    public sealed class Clashing
    {
        [JsonPropertyName("same")]
        public int A { get; set; }

        [JsonPropertyName("same")]
        public int B { get; set; }
    }
}
