using System.Text;

namespace FastFormatters.Json;

/// <summary>A member name encoded once: the <c>"name":</c> bytes written before its value, and the UTF-8 name readers match against.</summary>
internal sealed class JsonEncodedName
{
    public JsonEncodedName(string name)
    {
        Name = name;
        Utf8 = Encoding.UTF8.GetBytes(name);
        var buffer = new System.Buffers.ArrayBufferWriter<byte>(Utf8.Length + 8);
        var writer = new JsonWriter(buffer, maxDepth: 1);
        writer.WritePropertyName(name.AsSpan());
        writer.Flush();
        Json = buffer.WrittenSpan.ToArray();
    }

    /// <summary>The name as text.</summary>
    public string Name { get; }

    /// <summary>The name in UTF-8, unescaped, as readers see it after unescaping a key.</summary>
    public byte[] Utf8 { get; }

    /// <summary>The bytes <c>"name":</c>, escaped.</summary>
    public byte[] Json { get; }
}
