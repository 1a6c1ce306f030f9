using FastFormatters.Jmc;

namespace FastFormatters.Json;

/// <summary>
/// A member name encoded once: <c>"name":</c>, the same after a comma, and both with JMC1's length comment in front, so
/// writing a member name is one copy in either format.
/// </summary>
internal sealed class JsonMemberName
{
    private readonly byte[] _jmc1;
    private readonly byte[] _jmc1AfterSeparator;

    public JsonMemberName(string name)
    {
        var buffer = new System.Buffers.ArrayBufferWriter<byte>(name.Length + 8);
        var writer = new JsonWriter(buffer, maxDepth: 1);
        writer.WritePropertyName(name.AsSpan());
        writer.Flush();
        Json = buffer.WrittenSpan.ToArray();
        JsonAfterSeparator = [(byte)',', .. Json];

        // "name": holds the escaped name between its quotes; JMC1 counts those bytes.
        _jmc1 = Jmc1.WithComment(Json, Json.Length - 3);
        _jmc1AfterSeparator = [(byte)',', .. _jmc1];
    }

    /// <summary>The bytes <c>"name":</c>, escaped.</summary>
    public byte[] Json { get; }

    /// <summary><c>,"name":</c>: a member after the first is one copy.</summary>
    public byte[] JsonAfterSeparator { get; }

    /// <summary>The JMC1 form: <see cref="Json"/> or <see cref="JsonAfterSeparator"/> with the name's length comment.</summary>
    public byte[] JmcForm(bool afterSeparator) => afterSeparator ? _jmc1AfterSeparator : _jmc1;
}
