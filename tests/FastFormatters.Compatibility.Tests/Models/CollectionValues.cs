using MessagePack;

namespace FastFormatters.Compatibility.Tests.Models;

/// <summary>
/// Collections: integer-keyed dictionaries, tuples, value tuples and key-value pairs as arrays, byte[] as bin, sets,
/// lists and arrays, and null collections.
/// </summary>
[MessagePackObject]
public sealed class CollectionValues
{
    [Key(0)]
    public Dictionary<int, string> NamesById { get; set; } = [];

    [Key(1)]
    public Dictionary<string, int> IdsByName { get; set; } = [];

    [Key(2)]
    public Tuple<int, string> Pair { get; set; } = Tuple.Create(0, "");

    [Key(3)]
    public (int Number, string Text, bool Flag) Triple { get; set; }

    [Key(4)]
    public KeyValuePair<string, int> Entry { get; set; }

    [Key(5)]
    public byte[] Bytes { get; set; } = [];

    [Key(6)]
    public HashSet<int> Set { get; set; } = [];

    [Key(7)]
    public List<string> Names { get; set; } = [];

    [Key(8)]
    public int[] Numbers { get; set; } = [];

    [Key(9)]
    public int?[] NullableNumbers { get; set; } = [];

    [Key(10)]
    public byte[]? MissingBytes { get; set; }

    [Key(11)]
    public List<int>? MissingList { get; set; }

    [Key(12)]
    public Dictionary<long, OrderLine> LinesByNumber { get; set; } = [];

    [Key(13)]
    public List<List<int>> Nested { get; set; } = [];
}
