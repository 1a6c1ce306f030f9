namespace FastFormatters.Json;

/// <summary>The kind of the next token, from its first byte.</summary>
public enum JsonTokenKind : byte
{
    /// <summary>Nothing but whitespace is left.</summary>
    EndOfInput,
    /// <summary><c>{</c>.</summary>
    BeginObject,
    /// <summary><c>}</c>.</summary>
    EndObject,
    /// <summary><c>[</c>.</summary>
    BeginArray,
    /// <summary><c>]</c>.</summary>
    EndArray,
    /// <summary>A string.</summary>
    String,
    /// <summary>A number.</summary>
    Number,
    /// <summary><c>true</c>.</summary>
    True,
    /// <summary><c>false</c>.</summary>
    False,
    /// <summary><c>null</c>.</summary>
    Null,
    /// <summary><c>,</c>.</summary>
    ValueSeparator,
    /// <summary><c>:</c>.</summary>
    NameSeparator,
    /// <summary>A byte no JSON token starts with.</summary>
    Invalid,
}
