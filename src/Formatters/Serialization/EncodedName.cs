using System.Text;
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
    }

    /// <summary>The name as text.</summary>
    public string Name { get; }

    /// <summary>The name in UTF-8, unescaped, as readers see a key.</summary>
    public byte[] Utf8 { get; }

    /// <summary>The bytes <c>"name":</c>, escaped.</summary>
    public byte[] Json { get; }

    /// <summary>The name as a MessagePack string (header and bytes).</summary>
    public byte[] MessagePack { get; }
}
