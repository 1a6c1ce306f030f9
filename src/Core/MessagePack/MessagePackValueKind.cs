namespace FastFormatters.MessagePack;

/// <summary>The kind of the next MessagePack value, from its first byte.</summary>
public enum MessagePackValueKind : byte
{
    /// <summary>The input ended.</summary>
    EndOfInput,
    /// <summary>nil.</summary>
    Nil,
    /// <summary>true or false.</summary>
    Boolean,
    /// <summary>A signed or unsigned integer of any width.</summary>
    Integer,
    /// <summary>A float32 or float64.</summary>
    Float,
    /// <summary>A str.</summary>
    String,
    /// <summary>A bin.</summary>
    Binary,
    /// <summary>An array header.</summary>
    Array,
    /// <summary>A map header.</summary>
    Map,
    /// <summary>An ext (fixext or ext 8/16/32), such as a timestamp.</summary>
    Extension,
    /// <summary>The byte 0xC1, which MessagePack never uses.</summary>
    Invalid,
}
