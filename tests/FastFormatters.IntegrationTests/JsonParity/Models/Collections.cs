namespace FastFormatters.IntegrationTests.JsonParity.Models;

/// <summary>Arrays, lists, sets, dictionaries with string and integer keys, jagged arrays and collection interfaces.</summary>
public sealed class Collections
{
    public int[] Numbers { get; set; } = [];

    public string[] Empty { get; set; } = [];

    public List<string> Names { get; set; } = [];

    public HashSet<int> Set { get; set; } = [];

    public Dictionary<string, int> Counts { get; set; } = [];

    public Dictionary<int, string> ByNumber { get; set; } = [];

    public Dictionary<long, bool> ByLong { get; set; } = [];

    public Dictionary<Guid, string> ByGuid { get; set; } = [];

    public IReadOnlyList<double> ReadOnlyList { get; set; } = [];

    public IEnumerable<int> Sequence { get; set; } = [];

    public ICollection<string> Collection { get; set; } = [];

    public ISet<string> InterfaceSet { get; set; } = new HashSet<string>();

    public IDictionary<string, string> InterfaceDictionary { get; set; } = new Dictionary<string, string>();

    public IReadOnlyDictionary<string, int> ReadOnlyDictionary { get; set; } = new Dictionary<string, int>();

    public SortedDictionary<string, int> Sorted { get; set; } = [];

    public int[][] Jagged { get; set; } = [];

    public List<Item> Items { get; set; } = [];

    public Dictionary<string, Item> ItemsByKey { get; set; } = [];

    public Dictionary<string, List<int>> ListsByKey { get; set; } = [];

    public List<int>? NullList { get; set; }
}
