namespace FastFormatters.Serialization.Values;

/// <summary>
/// How a sequence type other than an array or <see cref="List{T}"/> is created when reading: a
/// <see cref="List{T}"/> when the declared type allows (IEnumerable, IList, IReadOnlyList, ...), a
/// <see cref="HashSet{T}"/> for sets, or a new instance (from the given constructor) filled through
/// <see cref="ICollection{T}.Add"/>.
/// </summary>
internal sealed class CollectionFactory<TCollection, T>
    where TCollection : IEnumerable<T>
{
    private readonly Func<List<T>, TCollection>? _fromList;

    /// <param name="create">Creates an empty instance of a collection class, or null when it has no public parameterless constructor.</param>
    public CollectionFactory(Func<TCollection>? create)
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

    /// <param name="create">Creates an empty instance of a dictionary class, or null when it has no public parameterless constructor.</param>
    public DictionaryFactory(Func<TDictionary>? create)
    {
        var type = typeof(TDictionary);
        if (type.IsAssignableFrom(typeof(Dictionary<TKey, TValue>)))
        {
            _create = static capacity => new Dictionary<TKey, TValue>(capacity);
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
}
