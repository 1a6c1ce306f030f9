using System.Text;
using FastFormatters.Jmc;
using FastFormatters.Json;
using FastFormatters.MessagePack;

namespace FastFormatters.Serialization;

/// <summary>
/// A member name encoded once for every format: the JSON <c>"name":</c> prefix, the MessagePack string, and the UTF-8
/// name readers match keys against.
/// </summary>
internal sealed class EncodedName
{
    public EncodedName(string name)
    {
        Name = name;
        Utf8 = Encoding.UTF8.GetBytes(name);
        var buffer = new System.Buffers.ArrayBufferWriter<byte>(Utf8.Length + 8);
        var writer = new JsonWriter(buffer, maxDepth: 1);
        writer.WritePropertyName(name.AsSpan());
        writer.Flush();
        Json = buffer.WrittenSpan.ToArray();
        MessagePack = MessagePackWriter.EncodeString(Utf8);

        // "name": holds the escaped name between its quotes; JMC1 counts those bytes.
        Jmc = new byte[Jmc1.CommentLength + Json.Length];
        int escapedLength = Json.Length - 3;
        if (Jmc1.CanEncode(escapedLength))
        {
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

    /// <summary>The name as text.</summary>
    public string Name { get; }

    /// <summary>The name in UTF-8, unescaped, as readers see a key.</summary>
    public byte[] Utf8 { get; }

    /// <summary>The bytes <c>"name":</c>, escaped.</summary>
    public byte[] Json { get; }

    /// <summary>The bytes <c>"name":</c> preceded by their JMC1 length comment.</summary>
    public byte[] Jmc { get; }

    /// <summary><c>,"name":</c>: a member after the first is one copy.</summary>
    public byte[] JsonAfterSeparator { get; }

    /// <summary><see cref="Jmc"/> after a comma.</summary>
    public byte[] JmcAfterSeparator { get; }

    /// <summary>The name as a MessagePack string (header and bytes).</summary>
    public byte[] MessagePack { get; }
}
