using System.Text.Json;
using System.Text.Json.Serialization;
using FastFormatters.MessagePack;
using FastFormatters.Serialization;
using static FastFormatters.Core.Tests.MessagePack.MsgPackTestHelpers;

namespace FastFormatters.Core.Tests.MessagePack;

/// <summary>
/// A MessagePack body of a type System.Text.Json serves (<see cref="MessagePackContract.SameAsJson"/>) reaches it as the
/// same tree JSON would: no policy of ours renames anything on the way, so it reads what System.Text.Json reads from
/// the equivalent JSON.
/// </summary>
public sealed class SystemTextJsonBridgeTests
{
    private static readonly JsonSerializerOptions s_json = new(JsonSerializerDefaults.Web) { DictionaryKeyPolicy = JsonNamingPolicy.SnakeCaseLower };

    private static readonly FastSerializer s_serializer = new(SuiteOptions.With(new FastSerializerOptions { MessagePack = { Contract = MessagePackContract.SameAsJson } }), s_json);

    [Fact]
    public void Dictionary_keys_arrive_as_sent_as_System_Text_Json_reads_them_from_JSON()
    {
        // {"$type":"lion","name":"Leo","counts":{"FooBar":1}}
        byte[] body = Bytes("83" + Str("$type") + Str("lion") + Str("name") + Str("Leo") + Str("counts") + "81" + Str("FooBar") + "01");

        var read = Assert.IsType<Lion>(s_serializer.DeserializeMessagePack<Animal>(body));
        var fromJson = Assert.IsType<Lion>(JsonSerializer.Deserialize<Animal>("""{"$type":"lion","name":"Leo","counts":{"FooBar":1}}""", s_json));

        Assert.Equal(fromJson.Counts, read.Counts);
        Assert.Equal(["FooBar"], read.Counts.Keys);
    }

    [Fact]
    public void Dictionary_keys_are_written_with_the_key_policy_as_in_JSON()
    {
        var lion = new Lion { Name = "Leo", Counts = { ["FooBar"] = 1 } };
        var buffer = new System.Buffers.ArrayBufferWriter<byte>();
        s_serializer.SerializeMessagePack<Animal>(buffer, lion);

        var map = Assert.IsType<MsgMap>(MsgPackDecoder.Decode(buffer.WrittenSpan.ToArray()));
        var counts = Assert.IsType<MsgMap>(map["counts"]);
        Assert.Equal(["foo_bar"], counts.Keys.Cast<string>());
        Assert.Contains("\"foo_bar\":1", JsonSerializer.Serialize<Animal>(lion, s_json), StringComparison.Ordinal);
    }

    [JsonPolymorphic]
    [JsonDerivedType(typeof(Lion), "lion")]
    public abstract class Animal
    {
        public string Name { get; set; } = string.Empty;
    }

    public sealed class Lion : Animal
    {
        public Dictionary<string, int> Counts { get; set; } = [];
    }
}
