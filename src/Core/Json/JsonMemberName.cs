using FastFormatters.Jmc;

namespace FastFormatters.Json;

/// <summary>
/// A member name encoded once for JSON and JMC1: <c>"name":</c>, the same preceded by its JMC1 length comment, and
/// both after a comma, so writing a member name is one copy.
/// </summary>
internal sealed class JsonMemberName
{
    public JsonMemberName(string name)
    {
        var buffer = new System.Buffers.ArrayBufferWriter<byte>(name.Length + 8);
        var writer = new JsonWriter(buffer, maxDepth: 1);
        writer.WritePropertyName(name.AsSpan());
        writer.Flush();
        Json = buffer.WrittenSpan.ToArray();

        // "name": holds the escaped name between its quotes; JMC1 counts those bytes.
        int escapedLength = Json.Length - 3;
        if (Jmc1.CanEncode(escapedLength))
        {
            Jmc = new byte[Jmc1.CommentLength + Json.Length];
            Jmc1.WriteComment(Jmc, escapedLength);
            Json.CopyTo(Jmc.AsSpan(Jmc1.CommentLength));
        }
        else
        {
            Jmc = Json;
        }

        JsonAfterSeparator = [(byte)',', .. Json];
        JmcAfterSeparator = [(byte)',', .. Jmc];
    }

    /// <summary>The bytes <c>"name":</c>, escaped.</summary>
    public byte[] Json { get; }

    /// <summary>The bytes <c>"name":</c> preceded by their JMC1 length comment.</summary>
    public byte[] Jmc { get; }

    /// <summary><c>,"name":</c>: a member after the first is one copy.</summary>
    public byte[] JsonAfterSeparator { get; }

    /// <summary><see cref="Jmc"/> after a comma.</summary>
    public byte[] JmcAfterSeparator { get; }
}
