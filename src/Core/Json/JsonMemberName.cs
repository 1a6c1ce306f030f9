using FastFormatters.Buffers;
using FastFormatters.Jmc;
using FastFormatters.Serialization.Composites;

namespace FastFormatters.Json;

/// <summary>
/// A member name encoded once: <c>"name":</c>, the same after a comma, and both with JMC1's length comment in front, so
/// writing a member name is one copy in either format.
/// </summary>
internal sealed class JsonMemberName : FormatMemberName
{
    private readonly EncodedBytes _jmc1;
    private readonly EncodedBytes _jmc1AfterSeparator;

    public JsonMemberName(string name)
    {
        var buffer = new System.Buffers.ArrayBufferWriter<byte>(name.Length + 8);
        var writer = new FastJsonWriter(buffer, maxDepth: 1);
        writer.WriteString(name.AsSpan());
        writer.Flush();
        byte[] json = [.. buffer.WrittenSpan, (byte)':'];
        Json = new EncodedBytes(json);
        JsonAfterSeparator = new EncodedBytes([(byte)',', .. json]);

        // "name": holds the escaped name between its quotes; JMC1 counts those bytes.
        byte[] jmc1 = Jmc1.WithComment(json, json.Length - 3);
        _jmc1 = new EncodedBytes(jmc1);
        _jmc1AfterSeparator = new EncodedBytes([(byte)',', .. jmc1]);
    }

    /// <summary>The bytes <c>"name":</c>, escaped.</summary>
    public EncodedBytes Json { get; }

    /// <summary><c>,"name":</c>: a member after the first is one copy.</summary>
    public EncodedBytes JsonAfterSeparator { get; }

    /// <summary>The JMC1 form: <see cref="Json"/> or <see cref="JsonAfterSeparator"/> with the name's length comment.</summary>
    public EncodedBytes JmcForm(bool afterSeparator) => afterSeparator ? _jmc1AfterSeparator : _jmc1;
}
