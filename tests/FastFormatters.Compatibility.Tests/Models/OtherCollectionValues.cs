using System.Collections.Concurrent;
using System.Collections.Immutable;
using System.Collections.ObjectModel;
using MessagePack;

namespace FastFormatters.Compatibility.Tests.Models;

/// <summary>
/// Members of the BCL collection types beyond lists, arrays, sets and dictionaries: queues, stacks (whose order a read
/// must keep as MessagePack-CSharp keeps it), immutable, concurrent and read-only collections, bytes as
/// <see cref="Memory{T}"/>, and memories of other elements, as arrays.
/// </summary>
[MessagePackObject]
public sealed class OtherCollectionValues
{
    [Key(0)]
    public Queue<int> Inbox { get; set; } = new();

    [Key(1)]
    public Stack<string> Undo { get; set; } = new();

    [Key(2)]
    public ImmutableArray<int> Frozen { get; set; } = [];

    [Key(3)]
    public ImmutableList<string> Names { get; set; } = [];

    [Key(4)]
    public ImmutableDictionary<string, int> Counts { get; set; } = ImmutableDictionary<string, int>.Empty;

    [Key(5)]
    public ReadOnlyDictionary<string, int> Limits { get; set; } = ReadOnlyDictionary<string, int>.Empty;

    [Key(6)]
    public ConcurrentQueue<int> Pending { get; set; } = new();

    [Key(7)]
    public ConcurrentStack<int> Recent { get; set; } = new();

    [Key(8)]
    public ReadOnlyCollection<int> Fixed { get; set; } = ReadOnlyCollection<int>.Empty;

    [Key(9)]
    public ImmutableHashSet<int> Tags { get; set; } = [];

    [Key(10)]
    public ImmutableStack<int> History { get; set; } = [];

    [Key(11)]
    public ImmutableQueue<int> Jobs { get; set; } = [];

    [Key(12)]
    public ImmutableSortedSet<int> Ranks { get; set; } = [];

    [Key(13)]
    public LinkedList<int> Chain { get; set; } = new();

    [Key(14)]
    public SortedSet<int> Sorted { get; set; } = [];

    [Key(15)]
    public ObservableCollection<string> Observed { get; set; } = [];

    [Key(16)]
    public Memory<byte> Payload { get; set; }

    [Key(17)]
    public ReadOnlyMemory<byte> Signature { get; set; }

    /// <summary>Left default: an ImmutableArray holding no array, which MessagePack-CSharp writes as nil.</summary>
    [Key(18)]
    public ImmutableArray<int> Unset { get; set; }

    [Key(19)]
    public ReadOnlyMemory<int> Readings { get; set; }

    [Key(20)]
    public Memory<string> Labels { get; set; }

    /// <summary>Left default: written as an empty array.</summary>
    [Key(21)]
    public ReadOnlyMemory<long> NoReadings { get; set; }
}
