using System.Collections.Concurrent;
using System.Collections.Immutable;
using System.Collections.ObjectModel;

namespace FastFormatters.Serialization.Values;

/// <summary>
/// How a sequence type other than an array or <see cref="List{T}"/> is created when reading: a
/// <see cref="List{T}"/> when the declared type allows (IEnumerable, IList, IReadOnlyList, ...), a
/// <see cref="HashSet{T}"/> for sets, the BCL's queues, stacks, immutable, concurrent and read-only collections from
/// the items read, or a new instance (from the given constructor) filled through <see cref="ICollection{T}.Add"/>.
/// </summary>
internal sealed class CollectionFactory<TCollection, T>
    where TCollection : IEnumerable<T>
{
    private readonly Func<List<T>, TCollection>? _fromList;

    /// <param name="create">Creates an empty instance of a collection class, or null when it has no public parameterless constructor.</param>
    /// <param name="stacksKeepTheirOrder">
    /// Whether a stack read back has the first item written on top, as MessagePack-CSharp reads it (the items are
    /// pushed last to first); otherwise they are pushed in the order read, as System.Text.Json does, which reverses it.
    /// </param>
    public CollectionFactory(Func<TCollection>? create, bool stacksKeepTheirOrder)
    {
        var type = typeof(TCollection);
        if (type.IsAssignableFrom(typeof(List<T>)))
        {
            _fromList = static list => (TCollection)(object)list;
        }
        else if (type.IsAssignableFrom(typeof(HashSet<T>)))
        {
            _fromList = static list => (TCollection)(object)new HashSet<T>(list);
        }
        else if (FromItems(type, stacksKeepTheirOrder) is { } fromItems)
        {
            _fromList = list => (TCollection)fromItems(list);
        }
        else if (create is not null && typeof(ICollection<T>).IsAssignableFrom(type))
        {
            _fromList = list =>
            {
                var collection = create();
                var target = (ICollection<T>)collection;
                foreach (var item in list)
                {
                    target.Add(item);
                }

                return collection;
            };
        }
        else
        {
            ReadUnsupportedReason = $"The collection type {type} cannot be created when reading; declare the member as IEnumerable<T>, IList<T>, List<T> or T[].";
        }
    }

    /// <summary>Why the type cannot be created, or null.</summary>
    public string? ReadUnsupportedReason { get; }

    /// <summary>
    /// Whether <paramref name="value"/> is null, or a default <see cref="ImmutableArray{T}"/>, which holds no array and
    /// is written as null (MessagePack-CSharp writes it as nil) rather than failing.
    /// </summary>
    public static bool IsNull([System.Diagnostics.CodeAnalysis.NotNullWhen(false)] TCollection? value)
        => value is null || typeof(TCollection) == typeof(ImmutableArray<T>) && ((ImmutableArray<T>)(object)value).IsDefault;

    /// <summary>The schema of what is written: <paramref name="array"/>, or null too where <see cref="IsNull"/> can be true of a struct.</summary>
    public static System.Text.Json.Nodes.JsonObject Describe(System.Text.Json.Nodes.JsonObject array)
        => typeof(TCollection) == typeof(ImmutableArray<T>) ? SchemaBuilder.OrNull(array) : array;

    /// <summary>The count a collection states, or -1 for a lazy sequence.</summary>
    public static int CountOf(TCollection value) => value switch
    {
        ICollection<T> collection => collection.Count,
        IReadOnlyCollection<T> collection => collection.Count,
        _ => -1,
    };

    /// <summary>The collection holding the items read.</summary>
    public TCollection FromList(List<T> list)
        => _fromList is null ? throw new NotSupportedException(ReadUnsupportedReason) : _fromList(list);

    // The BCL collections with no Add to fill them through (immutable and read-only ones, queues and stacks), made from
    // the items read; typed by T alone, so no code is made at run time.
    private static Func<List<T>, object>? FromItems(Type type, bool stacksKeepTheirOrder)
    {
        if (type == typeof(Queue<T>))
        {
            return static list => new Queue<T>(list);
        }

        if (type == typeof(Stack<T>))
        {
            return stacksKeepTheirOrder ? static list => new Stack<T>(Reversed(list)) : static list => new Stack<T>(list);
        }

        if (type == typeof(ConcurrentQueue<T>) || type == typeof(IProducerConsumerCollection<T>))
        {
            return static list => new ConcurrentQueue<T>(list);
        }

        if (type == typeof(ConcurrentStack<T>))
        {
            return stacksKeepTheirOrder ? static list => new ConcurrentStack<T>(Reversed(list)) : static list => new ConcurrentStack<T>(list);
        }

        if (type == typeof(ConcurrentBag<T>))
        {
            return static list => new ConcurrentBag<T>(list);
        }

        if (type == typeof(ReadOnlyCollection<T>))
        {
            return static list => list.AsReadOnly();
        }

        if (type == typeof(ImmutableArray<T>))
        {
            return static list => ImmutableArray.CreateRange(list);
        }

        if (type == typeof(ImmutableList<T>) || type == typeof(IImmutableList<T>))
        {
            return static list => ImmutableList.CreateRange(list);
        }

        if (type == typeof(ImmutableHashSet<T>) || type == typeof(IImmutableSet<T>))
        {
            return static list => ImmutableHashSet.CreateRange(list);
        }

        if (type == typeof(ImmutableSortedSet<T>))
        {
            return static list => ImmutableSortedSet.CreateRange(list);
        }

        if (type == typeof(ImmutableQueue<T>) || type == typeof(IImmutableQueue<T>))
        {
            return static list => ImmutableQueue.CreateRange(list);
        }

        if (type == typeof(ImmutableStack<T>) || type == typeof(IImmutableStack<T>))
        {
            return stacksKeepTheirOrder ? static list => ImmutableStack.CreateRange(Reversed(list)) : static list => ImmutableStack.CreateRange(list);
        }

        return null;
    }

    private static List<T> Reversed(List<T> list)
    {
        list.Reverse();
        return list;
    }
}

/// <summary>
/// How a dictionary type is created when reading: a <see cref="Dictionary{TKey, TValue}"/> when the declared type
/// allows, or the declared type through the given constructor.
/// </summary>
internal sealed class DictionaryFactory<TDictionary, TKey, TValue>
    where TDictionary : IEnumerable<KeyValuePair<TKey, TValue>>
    where TKey : notnull
{
    private readonly Func<int, IDictionary<TKey, TValue>>? _create;
    private readonly Func<IDictionary<TKey, TValue>, object>? _complete;

    /// <param name="create">Creates an empty instance of a dictionary class, or null when it has no public parameterless constructor.</param>
    public DictionaryFactory(Func<TDictionary>? create)
    {
        var type = typeof(TDictionary);
        if (type.IsAssignableFrom(typeof(Dictionary<TKey, TValue>)))
        {
            _create = static capacity => new Dictionary<TKey, TValue>(capacity);
        }
        else if (FromEntries(type) is { } complete)
        {
            // Read into a Dictionary, then made from its entries.
            _create = static capacity => new Dictionary<TKey, TValue>(capacity);
            _complete = complete;
        }
        else if (create is not null && typeof(IDictionary<TKey, TValue>).IsAssignableFrom(type))
        {
            _create = _ => (IDictionary<TKey, TValue>)create();
        }
        else
        {
            ReadUnsupportedReason = $"The dictionary type {type} cannot be created when reading; declare the member as IDictionary<TKey, TValue> or Dictionary<TKey, TValue>.";
        }
    }

    /// <summary>Why the type cannot be created, or null.</summary>
    public string? ReadUnsupportedReason { get; }

    /// <summary>The count a dictionary states, or -1.</summary>
    public static int CountOf(TDictionary value) => value switch
    {
        IReadOnlyCollection<KeyValuePair<TKey, TValue>> entries => entries.Count,
        ICollection<KeyValuePair<TKey, TValue>> entries => entries.Count,
        _ => -1,
    };

    /// <summary>An empty dictionary to read into.</summary>
    public IDictionary<TKey, TValue> Create(int capacity)
        => _create is null ? throw new NotSupportedException(ReadUnsupportedReason) : _create(capacity);

    /// <summary>The dictionary of the declared type holding the entries read into <paramref name="read"/>.</summary>
    public TDictionary Complete(IDictionary<TKey, TValue> read) => (TDictionary)(_complete is null ? read : _complete(read));

    // The BCL dictionaries with no indexer to fill them through (immutable and read-only ones), made from the entries read.
    private static Func<IDictionary<TKey, TValue>, object>? FromEntries(Type type)
        => type == typeof(ImmutableDictionary<TKey, TValue>) || type == typeof(IImmutableDictionary<TKey, TValue>)
            ? static read => ImmutableDictionary.CreateRange(read)
            : type == typeof(ImmutableSortedDictionary<TKey, TValue>) ? static read => ImmutableSortedDictionary.CreateRange(read)
            : type == typeof(ReadOnlyDictionary<TKey, TValue>) ? static read => new ReadOnlyDictionary<TKey, TValue>(read)
            : null;
}
