namespace FastFormatters.Fuzzing;

/// <summary>What a MessagePack item is, as far as mutating it goes.</summary>
internal enum MsgPackKind
{
    Nil,
    Boolean,
    Integer,
    Float,
    String,
    Binary,
    Extension,
    Array,
    Map,
}

/// <summary>
/// One item found by <see cref="MsgPackLayout"/>: where its header and length field are, so a mutation can lie about
/// the length, and where the whole item ends, so one can be replaced by another.
/// </summary>
internal sealed class MsgPackItem
{
    public int Offset { get; init; }

    public MsgPackKind Kind { get; init; }

    /// <summary>Bytes before the payload: the code, the length field, and an extension's type byte.</summary>
    public int HeaderLength { get; init; }

    /// <summary>Width of the separate length field: 0 when the length is in the code byte (fix forms) or there is none.</summary>
    public int LengthFieldWidth { get; init; }

    /// <summary>Payload bytes for strings, binary and extensions; element count for arrays, entry count for maps; value bytes for numbers.</summary>
    public long Length { get; init; }

    /// <summary>Nesting depth: 0 for the root.</summary>
    public int Depth { get; init; }

    /// <summary>Offset just past the item and everything inside it; -1 when the input ends first.</summary>
    public int End { get; set; } = -1;

    public int LengthFieldOffset => Offset + 1;

    public int PayloadOffset => Offset + HeaderLength;

    public bool HasLength => Kind is MsgPackKind.String or MsgPackKind.Binary or MsgPackKind.Extension or MsgPackKind.Array or MsgPackKind.Map;

    public bool IsComplete => End >= 0;
}
