using System.Text;

namespace FastFormatters.Serialization;

/// <summary>
/// A member name as text and as the UTF-8 bytes readers match keys against; each format encodes its own form of it
/// once, when its converter is built.
/// </summary>
internal sealed class EncodedName
{
    public EncodedName(string name)
    {
        Name = name;
        Utf8 = Encoding.UTF8.GetBytes(name);
    }

    /// <summary>The name as text.</summary>
    public string Name { get; }

    /// <summary>The name in UTF-8, unescaped, as readers see a key.</summary>
    public byte[] Utf8 { get; }
}
