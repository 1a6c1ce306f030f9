using System.Buffers;
using System.Text;
using System.Text.Json;
using System.Text.Json.Serialization;
using System.Text.Json.Serialization.Metadata;
using FastFormatters.Json;
using FastFormatters.Json.Converters;
using FastFormatters.MessagePack.Converters;
using FastFormatters.Serialization;
using FastFormatters.Serialization.Contracts;

namespace FastFormatters.Core.Tests.Contracts;

/// <summary>
/// Where a type's members cannot be known, the type is refused, never written as an empty object (a 200 with no
/// data): the app's System.Text.Json resolver has no contract for it (a JsonSerializerContext that does not list it,
/// reflection-based serialization off as in trimmed and Native AOT apps), or a contract that reads members by
/// reflection runs where reflection-based serialization is off.
/// </summary>
public sealed class MissingContractTests
{
    [Fact]
    public void A_type_the_apps_JsonSerializerContext_lists_is_written_from_its_generated_contract()
    {
        var serializer = new FastSerializer(SuiteOptions.Create(), new JsonSerializerOptions(JsonSerializerDefaults.Web) { TypeInfoResolver = ListedOnlyContext.Default });

        Assert.Equal("""{"id":7,"customer":"Zoë","lines":[1,2]}""", Json(serializer, new ListedOrder { Id = 7, Customer = "Zoë", Lines = [1, 2] }));
        var read = serializer.DeserializeJson<ListedOrder>("""{"id":8,"customer":"x","lines":[3]}"""u8);
        Assert.Equal((8, "x", 3), (read.Id, read.Customer, read.Lines.Single()));
    }

    [Fact]
    public void A_type_the_apps_JsonSerializerContext_does_not_list_is_refused_in_every_format()
    {
        var serializer = new FastSerializer(
            SuiteOptions.With(new FastSerializerOptions { MessagePack = { Contract = FastFormatters.MessagePack.MessagePackContract.SameAsJson } }),
            new JsonSerializerOptions(JsonSerializerDefaults.Web) { TypeInfoResolver = ListedOnlyContext.Default });
        var unlisted = new UnlistedOrder { Id = 7, Customer = "Zoë" };

        var json = Assert.Throws<NotSupportedException>(() => Json(serializer, unlisted));
        Assert.Contains(nameof(UnlistedOrder), json.Message, StringComparison.Ordinal);
        Assert.Contains("no contract", json.Message, StringComparison.Ordinal);
        Assert.Throws<NotSupportedException>(() => serializer.SerializeMessagePack(new ArrayBufferWriter<byte>(), unlisted));
        Assert.Throws<NotSupportedException>(() => serializer.DeserializeJson<UnlistedOrder>("""{"id":1}"""u8));
        Assert.False(serializer.JsonResolver.CanWrite(typeof(UnlistedOrder)));
    }

    [Fact]
    public void With_reflection_off_every_type_that_needs_it_is_refused_by_name_in_every_contract()
    {
        var settings = new SerializerSettings(new FastSerializerOptions { BuildsByReflection = false });
        var jsonOptions = new JsonSerializerOptions(JsonSerializerDefaults.Web) { TypeInfoResolver = ListedOnlyContext.Default };
        var resolvers = new[]
        {
            new ConverterResolver(settings, new MessagePackContractRules(enumsAsNumbers: true), new MessagePackConverterFamily([])),
            new ConverterResolver(settings, new UnifiedContractRules(JsonNamingPolicy.CamelCase, omitNullMembers: false, enumsAsNumbers: false), JsonConverterFamily.Instance),

            // Even a type the app's JsonSerializerContext lists: these converters would reach its members by reflection.
            new ConverterResolver(settings, new SystemTextJsonContractRules(jsonOptions), JsonConverterFamily.Instance),
        };

        foreach (var resolver in resolvers)
        {
            foreach (var type in new[] { typeof(UnlistedOrder), typeof(ListedOrder), typeof(List<int>), typeof(int?), typeof(DayOfWeek), typeof(Dictionary<string, string>) })
            {
                var refused = Assert.Throws<NotSupportedException>(() => resolver.GetConverter(type));
                Assert.Contains(type.ToString(), refused.Message, StringComparison.Ordinal);
                Assert.Contains("IsReflectionEnabledByDefault", refused.Message, StringComparison.Ordinal);
                Assert.False(resolver.CanWrite(type));
            }

            // What needs neither members nor code made at run time is still served.
            foreach (var type in new[] { typeof(int), typeof(string), typeof(DateTime), typeof(Guid), typeof(object), typeof(JsonElement) })
            {
                Assert.True(resolver.CanWrite(type), type.ToString());
            }
        }

        // The web defaults read numbers from strings: that converter is made without reflection too.
        Assert.IsType<JsonNumberHandlingConverter<int>>(resolvers[2].GetConverter(typeof(int)));
    }

    [Fact]
    public void With_reflection_off_a_primitive_System_Text_Json_writes_its_own_way_is_handed_to_it_not_written_in_the_default_form()
    {
        var jsonOptions = new JsonSerializerOptions(JsonSerializerDefaults.Web) { TypeInfoResolver = new DefaultJsonTypeInfoResolver(), Converters = { new DayOnlyConverter() } };
        var serializer = new FastSerializer(new FastSerializerOptions { BuildsByReflection = false }, jsonOptions);

        Assert.Equal("\"2026-11-26\"", Json(serializer, new DateTime(2026, 11, 26, 13, 45, 0)));
        Assert.Equal("42", Json(serializer, 42));
    }

    [Fact]
    public void With_reflection_off_a_type_System_Text_Json_writes_its_own_way_and_nothing_describes_is_refused_by_name()
    {
        var jsonOptions = new JsonSerializerOptions(JsonSerializerDefaults.Web) { TypeInfoResolver = new DefaultJsonTypeInfoResolver(), Converters = { new UnlistedOrderJsonConverter() } };
        var resolver = new ConverterResolver(new SerializerSettings(new FastSerializerOptions { BuildsByReflection = false }), new SystemTextJsonContractRules(jsonOptions), JsonConverterFamily.Instance);

        var refused = Assert.Throws<NotSupportedException>(() => resolver.GetConverter(typeof(UnlistedOrder)));
        Assert.Contains(typeof(UnlistedOrder).ToString(), refused.Message, StringComparison.Ordinal);
        Assert.Contains("System.Text.Json writes it (it has the custom converter UnlistedOrderJsonConverter)", refused.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void With_reflection_off_the_apps_own_converter_still_serves_its_type()
    {
        var settings = new SerializerSettings(new FastSerializerOptions { Converters = { new UnlistedOrderConverter() }, BuildsByReflection = false });
        var resolver = new ConverterResolver(settings, new UnifiedContractRules(JsonNamingPolicy.CamelCase, omitNullMembers: false, enumsAsNumbers: false), JsonConverterFamily.Instance);

        Assert.IsType<AppJsonConverter<UnlistedOrder>>(resolver.GetConverter(typeof(UnlistedOrder)));
    }

    private static string Json<T>(FastSerializer serializer, T value)
    {
        var output = new ArrayBufferWriter<byte>();
        serializer.SerializeJson(output, value);
        return Encoding.UTF8.GetString(output.WrittenSpan);
    }
}

public sealed class ListedOrder
{
    public int Id { get; set; }

    public string Customer { get; set; } = "";

    public List<int> Lines { get; set; } = [];
}

public sealed class UnlistedOrder
{
    public int Id { get; set; }

    public string Customer { get; set; } = "";
}

internal sealed class DayOnlyConverter : JsonConverter<DateTime>
{
    public override DateTime Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options) => DateTime.Parse(reader.GetString()!, System.Globalization.CultureInfo.InvariantCulture);

    public override void Write(Utf8JsonWriter writer, DateTime value, JsonSerializerOptions options) => writer.WriteStringValue(value.ToString("yyyy-MM-dd", System.Globalization.CultureInfo.InvariantCulture));
}

internal sealed class UnlistedOrderJsonConverter : JsonConverter<UnlistedOrder>
{
    public override UnlistedOrder Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options) => throw new JsonException("Not read.");

    public override void Write(Utf8JsonWriter writer, UnlistedOrder value, JsonSerializerOptions options) => writer.WriteStringValue($"{value.Id}");
}

internal sealed class UnlistedOrderConverter : JsonValueConverter<UnlistedOrder>
{
    public override void Write(ref FastJsonWriter writer, UnlistedOrder value) => writer.WriteString($"{value.Id}:{value.Customer}");

    public override UnlistedOrder Read(ref FastJsonReader reader) => throw reader.Error("Not read.");
}

[JsonSerializable(typeof(ListedOrder))]
internal sealed partial class ListedOnlyContext : JsonSerializerContext;
