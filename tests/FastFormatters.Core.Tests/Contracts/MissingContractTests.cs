using System.Buffers;
using System.Text;
using System.Text.Json;
using System.Text.Json.Serialization;
using System.Text.Json.Serialization.Metadata;
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
        var serializer = new FastSerializer(new FastSerializerOptions(), new JsonSerializerOptions(JsonSerializerDefaults.Web) { TypeInfoResolver = ListedOnlyContext.Default });

        Assert.Equal("""{"id":7,"customer":"Zoë","lines":[1,2]}""", Json(serializer, new ListedOrder { Id = 7, Customer = "Zoë", Lines = [1, 2] }));
        var read = serializer.DeserializeJson<ListedOrder>("""{"id":8,"customer":"x","lines":[3]}"""u8);
        Assert.Equal((8, "x", 3), (read.Id, read.Customer, read.Lines.Single()));
    }

    [Fact]
    public void A_type_the_apps_JsonSerializerContext_does_not_list_is_refused_in_every_format()
    {
        var serializer = new FastSerializer(
            new FastSerializerOptions { MessagePack = { Contract = FastFormatters.MessagePack.MessagePackContract.SameAsJson } },
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
    public void With_reflection_based_serialization_off_a_reflection_read_contract_is_refused()
    {
        var settings = new SerializerSettings(new FastSerializerOptions());
        var messagePack = new ConverterResolver(settings, new MessagePackContractRules(enumsAsNumbers: true) { ReadsMembersByReflection = false }, new MessagePackConverterFamily([]));
        var unified = new ConverterResolver(settings, new UnifiedContractRules(JsonNamingPolicy.CamelCase, omitNullMembers: false, enumsAsNumbers: false) { ReadsMembersByReflection = false }, JsonConverterFamily.Instance);

        foreach (var resolver in new[] { messagePack, unified })
        {
            var refused = Assert.Throws<NotSupportedException>(() => resolver.GetConverter(typeof(UnlistedOrder)));
            Assert.Contains("IsReflectionEnabledByDefault", refused.Message, StringComparison.Ordinal);

            // What needs no members still works: primitives, collections of them.
            Assert.True(resolver.CanWrite(typeof(List<int>)));
            Assert.True(resolver.CanWrite(typeof(Dictionary<string, string>)));
        }
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

[JsonSerializable(typeof(ListedOrder))]
internal sealed partial class ListedOnlyContext : JsonSerializerContext;
