using System.Buffers;
using System.Text;
using FastFormatters.MessagePack;
using FastFormatters.Serialization;
using FastFormatters.Serialization.Objects;

namespace FastFormatters.Core.Tests.Json;

/// <summary>Duplicate keys: the last value wins by default; <see cref="FastSerializerOptions.RejectDuplicateKeys"/> makes them a 400.</summary>
public sealed class DuplicateKeyTests
{
    // MessagePack under the JSON contract, so the same documents name the same members in every format.
    private static readonly FastSerializer s_lenient = new(SuiteOptions.With(new FastSerializerOptions { MessagePack = { Contract = MessagePackContract.SameAsJson } }));
    private static readonly FastSerializer s_strict = new(SuiteOptions.With(new FastSerializerOptions { RejectDuplicateKeys = true, MessagePack = { Contract = MessagePackContract.SameAsJson } }));

    public static TheoryData<string, Type> Duplicates => new()
    {
        { """{"name":"a","count":1,"name":"b"}""", typeof(Item) },
        { """{"name":"a","NAME":"b"}""", typeof(Item) },
        { """{"name":"a","extra":1,"extra":2}""", typeof(Item) },
        { """{"name":"a","count":1,"tags":{"x":1,"x":2}}""", typeof(Item) },
        { """{"position":{"x":1,"y":2},"position":{"x":3,"y":4}}""", typeof(Placed) },
        { """{"a":1,"b":2,"a":3}""", typeof(Dictionary<string, int>) },
        { """{"1":"first","1":"second"}""", typeof(Dictionary<int, string>) },
        { """{"ab":1,"\u0061b":2}""", typeof(Dictionary<string, int>) },
        { """[{"k":{"deep":1,"deep":2}}]""", typeof(object) },
    };

    [Theory]
    [MemberData(nameof(Duplicates))]
    public void By_default_the_last_value_wins_in_every_format(string json, Type type)
    {
        foreach (var (read, data) in Encodings(json))
        {
            var lenient = read(s_lenient, data, type);
            Assert.Equal(Json(lenient, type), Json(s_lenient.DeserializeJson(Encoding.UTF8.GetBytes(json), type), type));
        }

        Assert.Contains("second", JsonOf<Dictionary<int, string>>("""{"1":"first","1":"second"}"""), StringComparison.Ordinal);
    }

    [Theory]
    [MemberData(nameof(Duplicates))]
    public void Rejected_by_option_in_every_format(string json, Type type)
    {
        foreach (var (read, data) in Encodings(json))
        {
            var error = Assert.Throws<FormatReadException>(() => read(s_strict, data, type));
            Assert.Contains("appears more than once", error.Message, StringComparison.Ordinal);
        }
    }

    [Fact]
    public void The_last_value_is_the_one_kept()
    {
        var item = s_lenient.DeserializeJson<Item>("""{"name":"a","count":1,"name":"b"}"""u8);
        Assert.Equal("b", item.Name);
        Assert.Equal(1, item.Count);
        var placed = s_lenient.DeserializeJson<Placed>("""{"position":{"x":1,"y":2},"position":{"x":3,"y":4}}"""u8);
        Assert.Equal(new Point(3, 4), placed.Position);
    }

    [Fact]
    public void Distinct_keys_pass_with_the_option_on()
    {
        var item = s_strict.DeserializeJson<Item>("""{"name":"a","count":1,"extra":1,"tags":{"x":1,"y":2}}"""u8);
        Assert.Equal(2, item.Tags!.Count);
        var placed = s_strict.DeserializeJson<Placed>("""{"position":{"x":1,"y":2}}"""u8);
        Assert.Equal(new Point(1, 2), placed.Position);

        // The same key in sibling or nested objects is not a duplicate.
        var tree = s_strict.DeserializeJson<object>("""[{"k":1},{"k":{"k":2}}]"""u8);
        Assert.NotNull(tree);
    }

    [Fact]
    public void Members_past_the_first_64_are_tracked_too()
    {
        var seen = default(SeenKeys);
        Assert.True(seen.AddMember(3, 100));
        Assert.True(seen.AddMember(63, 100));
        Assert.True(seen.AddMember(64, 100));
        Assert.True(seen.AddMember(99, 100));
        Assert.False(seen.AddMember(3, 100));
        Assert.False(seen.AddMember(63, 100));
        Assert.False(seen.AddMember(64, 100));
        Assert.False(seen.AddMember(99, 100));
        Assert.True(seen.AddOther("x"u8));
        Assert.False(seen.AddOther("x"u8));
    }

    private delegate object? Read(FastSerializer serializer, byte[] data, Type type);

    /// <summary>The same document as JSON, JMC1 and MessagePack (converted through the object tree, which keeps duplicates out).</summary>
    private static IEnumerable<(Read Read, byte[] Data)> Encodings(string json)
    {
        yield return ((s, d, t) => s.DeserializeJson(d, t), Encoding.UTF8.GetBytes(json));
        yield return ((s, d, t) => s.DeserializeJmc(d, t), Encoding.UTF8.GetBytes("/*JMC1*/" + json));
        yield return ((s, d, t) => s.DeserializeMessagePack(d, t), ToMessagePack(json));
    }

    private static string Json(object? value, Type type)
    {
        var buffer = new ArrayBufferWriter<byte>();
        s_lenient.SerializeJson(buffer, value, type);
        return Encoding.UTF8.GetString(buffer.WrittenSpan);
    }

    private static string JsonOf<T>(string json) => Json(s_lenient.DeserializeJson<T>(Encoding.UTF8.GetBytes(json)), typeof(T));

    /// <summary>Re-encodes JSON text as MessagePack token by token, so duplicate keys survive.</summary>
    private static byte[] ToMessagePack(string json)
    {
        using var document = System.Text.Json.JsonDocument.Parse(json);
        var buffer = new ArrayBufferWriter<byte>();
        var writer = new FastFormatters.MessagePack.FastMessagePackWriter(buffer, maxDepth: 64);
        Write(ref writer, document.RootElement);
        writer.Flush();
        return buffer.WrittenSpan.ToArray();
    }

    private static void Write(ref FastFormatters.MessagePack.FastMessagePackWriter writer, System.Text.Json.JsonElement element)
    {
        switch (element.ValueKind)
        {
            case System.Text.Json.JsonValueKind.Object:
                writer.WriteMapHeader(element.EnumerateObject().Count());
                foreach (var property in element.EnumerateObject())
                {
                    writer.WriteString(property.Name);
                    Write(ref writer, property.Value);
                }
                break;
            case System.Text.Json.JsonValueKind.Array:
                writer.WriteArrayHeader(element.GetArrayLength());
                foreach (var item in element.EnumerateArray())
                {
                    Write(ref writer, item);
                }
                break;
            case System.Text.Json.JsonValueKind.String:
                writer.WriteString(element.GetString());
                break;
            default:
                writer.WriteInt64(element.GetInt64());
                break;
        }
    }

    public sealed class Item
    {
        public string? Name { get; set; }

        public int Count { get; set; }

        public Dictionary<string, int>? Tags { get; set; }
    }

    public sealed record Point(int X, int Y);

    public sealed record Placed(Point Position);
}
