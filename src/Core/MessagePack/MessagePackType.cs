namespace FastFormatters.MessagePack;

/// <summary>The kind of the next MessagePack value, from its first byte.</summary>
internal enum MessagePackType : byte
{
    EndOfInput,
    Nil,
    Boolean,
    Integer,
    Float,
    String,
    Binary,
    Array,
    Map,
    Extension,
    Invalid,
}
