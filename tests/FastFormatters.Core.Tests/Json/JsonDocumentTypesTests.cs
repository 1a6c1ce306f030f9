using System.Buffers;
using System.Text;
using System.Text.Json;
using System.Text.Json.Nodes;
using FastFormatters.Core.Tests.MessagePack;
using static FastFormatters.Core.Tests.Json.JsonTestHelpers;

namespace FastFormatters.Core.Tests.Json;

/// <summary>
/// System.Text.Json's document types as bodies and members: JSON and JMC1 carry the document itself, MessagePack its
/// maps, arrays and scalars, and each reads back into a document of the same shape (never an empty or Undefined one).
/// </summary>
public sealed class JsonDocumentTypesTests
{
    private const string Document = """{"name":"Zoë","tags":["a","b"],"count":3,"ratio":0.25,"big":123456789012345678901234567890,"none":null,"ok":true,"nested":{"deep":[{}]}}""";

    [Fact]
    public void A_JsonElement_body_is_the_document_in_and_out()
    {
        var element = Deserialize<JsonElement>(Document);

        Assert.Equal(JsonValueKind.Object, element.ValueKind);
        Assert.Equal("Zoë", element.GetProperty("name").GetString());
        AssertSame(Document, Serialize(element));

        // The same document System.Text.Json writes for the element (it escapes non-ASCII; the values are equal).
        AssertSame(JsonSerializer.Serialize(element), Serialize(element));
    }

    [Fact]
    public void Document_types_as_members_are_written_as_their_documents()
    {
        var holder = new DocumentHolder
        {
            Element = JsonDocument.Parse(Document).RootElement,
            Node = JsonNode.Parse(Document),
            Object = JsonNode.Parse("""{"x":1}""")!.AsObject(),
            Array = JsonNode.Parse("""[1,"two",null]""")!.AsArray(),
            Value = JsonValue.Create(42),
            Document = JsonDocument.Parse("[true]"),
        };

        string json = Serialize(holder);

        AssertSame(
            "{\"element\":" + Document + ",\"node\":" + Document + ""","object":{"x":1},"array":[1,"two",null],"value":42,"document":[true],"missing":null}""",
            json);
        var read = Deserialize<DocumentHolder>(json);
        AssertSame(Document, read.Element.GetRawText());
        AssertSame(Document, read.Node!.ToJsonString());
        Assert.Equal(1, (int)read.Object!["x"]!);
        Assert.Equal("two", (string)read.Array![1]!);
        Assert.Equal(42, read.Value!.GetValue<int>());
        Assert.True(read.Document!.RootElement[0].GetBoolean());
        Assert.Null(read.Missing);
    }

    [Fact]
    public void A_value_of_another_kind_than_the_declared_node_is_an_error()
    {
        var error = Assert.Throws<FormatReadException>(() => Deserialize<DocumentHolder>("""{"object":[1]}"""));
        Assert.Equal("$.object", error.Path);
    }

    [Fact]
    public void JMC1_carries_the_document_with_its_length_comments()
    {
        var element = Deserialize<JsonElement>(Document);
        var buffer = new ArrayBufferWriter<byte>();
        Serializer().SerializeJmc(buffer, element);

        var stripped = Encoding.UTF8.GetString(Jmc.JmcWalker.CheckAndStrip(buffer.WrittenSpan.ToArray(), out _));
        Assert.Equal(Serialize(element), stripped);
        AssertSame(Document, JsonSerializer.Serialize(Serializer().DeserializeJmc<JsonElement>(buffer.WrittenSpan)));
    }

    [Fact]
    public void MessagePack_carries_maps_arrays_and_scalars_and_reads_back_the_same_document()
    {
        const string document = """{"name":"Zoë","tags":["a","b"],"count":3,"ratio":0.25,"negative":-7,"none":null,"ok":true}""";
        var element = Deserialize<JsonElement>(document);

        byte[] bytes = MsgPackTestHelpers.Serialize(element);

        var map = Assert.IsType<MsgMap>(MsgPackDecoder.Decode(bytes));
        Assert.Equal(["name", "tags", "count", "ratio", "negative", "none", "ok"], map.Keys.Cast<string>());
        Assert.Equal(3L, map["count"]);
        Assert.Equal(0.25, map["ratio"]);
        AssertSame(document, MsgPackTestHelpers.Deserialize<JsonElement>(bytes).GetRawText());
        AssertSame(document, MsgPackTestHelpers.Deserialize<JsonNode>(bytes)!.ToJsonString());
    }

    private static void AssertSame(string expected, string actual)
        => Assert.True(JsonNode.DeepEquals(JsonNode.Parse(expected), JsonNode.Parse(actual)), $"Expected {expected}, got {actual}");

    [Fact]
    public void A_default_JsonElement_cannot_be_written()
        => Assert.Throws<InvalidOperationException>(() => Serialize(default(JsonElement)));

    public sealed class DocumentHolder
    {
        public JsonElement Element { get; set; }

        public JsonNode? Node { get; set; }

        public JsonObject? Object { get; set; }

        public JsonArray? Array { get; set; }

        public JsonValue? Value { get; set; }

        public JsonDocument? Document { get; set; }

        public JsonNode? Missing { get; set; }
    }
}
