namespace FastFormatters.Json;

/// <summary>The kind of the next token, from its first byte.</summary>
internal enum JsonTokenKind : byte
{
    EndOfInput,
    BeginObject,
    EndObject,
    BeginArray,
    EndArray,
    String,
    Number,
    True,
    False,
    Null,
    ValueSeparator,
    NameSeparator,
    Invalid,
}
