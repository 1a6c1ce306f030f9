namespace FastFormatters.Serialization.Shapes;

/// <summary>
/// What is built from each kind of shape, one method per kind: a <see cref="TypeShape"/> hands itself to the method of
/// its kind (<see cref="TypeShape.Accept{TState, TResult}"/>), statically typed, with the caller's state. Each format's
/// <see cref="ConverterFamily"/> is one; a new kind is a shape, a method here, its reflection and generated
/// descriptions, and one converter per family.
/// </summary>
/// <typeparam name="TState">What the caller passes through (the resolver, for a family).</typeparam>
/// <typeparam name="TResult">What is built.</typeparam>
internal interface IShapeVisitor<in TState, out TResult>
{
    /// <summary>An object, generated or described by reflection alike.</summary>
    TResult VisitObject<T>(ObjectShape<T> shape, TState state);

    /// <summary><c>T?</c>.</summary>
    TResult VisitNullable<T>(TState state)
        where T : struct;

    /// <summary>An enum.</summary>
    TResult VisitEnum<T>(TState state)
        where T : struct, Enum;

    /// <summary><c>T[]</c>.</summary>
    TResult VisitArray<T>(TState state);

    /// <summary><c>List&lt;T&gt;</c>.</summary>
    TResult VisitList<T>(TState state);

    /// <summary><see cref="Memory{T}"/> or <see cref="ReadOnlyMemory{T}"/> (<typeparamref name="TMemory"/>) of <typeparamref name="T"/>.</summary>
    TResult VisitMemory<TMemory, T>(TState state)
        where TMemory : struct;

    /// <summary>Any other sequence, created through <paramref name="create"/> when reading (see <see cref="EnumerableShape{TCollection, T}"/>).</summary>
    TResult VisitEnumerable<TCollection, T>(Func<TCollection>? create, TState state)
        where TCollection : IEnumerable<T>;

    /// <summary>A dictionary, created through <paramref name="create"/> when reading (see <see cref="DictionaryShape{TDictionary, TKey, TValue}"/>).</summary>
    TResult VisitDictionary<TDictionary, TKey, TValue>(Func<TDictionary>? create, TState state)
        where TDictionary : IEnumerable<KeyValuePair<TKey, TValue>>
        where TKey : notnull;

    /// <summary>An <see cref="IAsyncEnumerable{T}"/>, which only a whole response body can be.</summary>
    TResult VisitAsyncEnumerable<T>(TState state);
}
