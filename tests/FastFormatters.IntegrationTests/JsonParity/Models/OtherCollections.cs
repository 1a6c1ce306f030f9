using System.Collections.Immutable;
using System.Collections.ObjectModel;

namespace FastFormatters.IntegrationTests.JsonParity.Models;

/// <summary>Collections System.Text.Json reads and writes beyond arrays, lists, sets and dictionaries.</summary>
public sealed class OtherCollections
{
    public Queue<int> Queue { get; set; } = new();

    public Stack<int> Stack { get; set; } = new();

    public ImmutableArray<int> ImmutableArray { get; set; } = [];

    public ImmutableList<string> ImmutableList { get; set; } = [];

    public ImmutableDictionary<string, int> ImmutableDictionary { get; set; } = ImmutableDictionary<string, int>.Empty;

    public ObservableCollection<string> Observable { get; set; } = [];

    public SortedSet<int> SortedSet { get; set; } = [];

    public LinkedList<int> LinkedList { get; set; } = new();
}
