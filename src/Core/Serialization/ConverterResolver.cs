using System.Collections.Concurrent;
using FastFormatters.Serialization.Contracts;

namespace FastFormatters.Serialization;

/// <summary>
/// Builds and caches one format's converter (<see cref="Family"/>) of each type for one set of options and one set of
/// <see cref="ContractRules"/>.
/// Converters are built once, under a lock, and published only when the whole graph built, so a recursive type (a
/// node holding a list of nodes) resolves to itself while being built and no other thread ever sees a half-built
/// converter. A type asked for again before its converter exists (an app's converter that takes its own list's
/// converter from its <see cref="ConverterContext"/>) gets a stand-in that forwards to it once created. A build that
/// fails, for whatever reason, publishes nothing, and the type fails the same way every time.
/// </summary>
internal sealed class ConverterResolver
{
    private readonly ConcurrentDictionary<Type, ValueConverter> _converters = new();
    private readonly ConcurrentDictionary<Type, string> _unsupported = new();
    private readonly Dictionary<Type, ValueConverter> _building = [];

    // The types whose converters are being created, and the stand-ins handed out for them meanwhile (see Defer).
    private readonly HashSet<Type> _creating = [];
    private readonly List<(Type Type, IDeferredConverter Converter)> _deferred = [];
    private readonly Lock _gate = new();
    private readonly Lock _rememberGate = new();
    private static int s_typeIndexes;

    // The published converters again, by a number each T is given once per process (TypeIndex<T>): GetConverter<T>
    // finds its converter with an index and a type check, not a dictionary lookup. Grown by copying; filled in place.
    private ValueConverter?[] _byTypeIndex = new ValueConverter?[64];
    private int _buildDepth;
    private bool _buildFailed;

    public ConverterResolver(
        SerializerSettings settings,
        ContractRules rules,
        ConverterFamily family,
        Action<Type, string>? onFallback = null)
    {
        Settings = settings;
        Rules = rules;
        Family = family;
        OnFallback = onFallback;
        Context = new ConverterContext(this);
    }

    /// <summary>Called once per type that the contract hands to the ecosystem's own serializer, with the reason.</summary>
    public Action<Type, string>? OnFallback { get; }

    /// <summary>The format whose converters this resolver builds.</summary>
    public ConverterFamily Family { get; }

    public SerializerSettings Settings { get; }

    public ContractRules Rules { get; }

    /// <summary>What the app's <see cref="ConverterProvider"/>s build with: this resolver's converters.</summary>
    public ConverterContext Context { get; }

    public ValueConverter<T> GetConverter<T>()
    {
        var byTypeIndex = _byTypeIndex;
        int index = TypeIndex<T>.Value;
        if ((uint)index < (uint)byTypeIndex.Length && byTypeIndex[index] is ValueConverter<T> remembered)
        {
            return remembered;
        }

        if (_converters.TryGetValue(typeof(T), out var published))
        {
            // Only published converters are remembered: one still being built must not reach another thread.
            Remember(index, published);
            return (ValueConverter<T>)published;
        }

        // Only the thread building converters, which holds the gate, can ask for a type it is creating.
        return (ValueConverter<T>)(_gate.IsHeldByCurrentThread && IsBeingCreated(typeof(T)) ? Defer<T>() : GetConverter(typeof(T)));
    }

    /// <summary>The converter for <paramref name="type"/>.</summary>
    /// <exception cref="NotSupportedException">The type cannot be serialized.</exception>
    public ValueConverter GetConverter(Type type)
    {
        if (_converters.TryGetValue(type, out var converter))
        {
            return converter;
        }

        if (_unsupported.TryGetValue(type, out var reason))
        {
            throw new NotSupportedException(reason);
        }

        lock (_gate)
        {
            if (_converters.TryGetValue(type, out converter) || _building.TryGetValue(type, out converter))
            {
                return converter;
            }

            if (IsBeingCreated(type))
            {
                return ConverterFactory.Typed(type, this, new DeferredOf(this), "it contains itself through a converter that is still being created");
            }

            _buildDepth++;
            _creating.Add(type);
            try
            {
                converter = ConverterFactory.Create(type, this);
                _building[type] = converter;
                CompleteDeferred(type, converter);
            }
            catch (NotSupportedException ex)
            {
                _unsupported.TryAdd(type, ex.Message);
                _buildFailed = true;
                throw;
            }
            catch (Exception ex)
            {
                // Not a limit of the contract but a fault while building it (a throwing attribute, a type that cannot
                // load): refuse the type from now on, with the cause, rather than publish what was half built.
                var root = ex is System.Reflection.TargetInvocationException { InnerException: { } inner } ? inner : ex;
                string cause = $"The converter of {type} could not be built: {root.GetType().Name}: {root.Message}";
                _unsupported.TryAdd(type, cause);
                _buildFailed = true;
                throw new NotSupportedException(cause, ex);
            }
            finally
            {
                _creating.Remove(type);
                if (--_buildDepth == 0)
                {
                    PublishBuilt();
                }
            }

            return converter;
        }
    }

    /// <summary>
    /// The type to write a value as: its runtime type, unless the declared type's converter carries the subtype on the
    /// wire (<see cref="ValueConverter.IsPolymorphic"/>), which must then be written as declared. A declared type that
    /// cannot be served is also kept, so it fails with its own reason: whether it carries subtypes is unknown, and the
    /// runtime type would write without the discriminator.
    /// </summary>
    public Type SelectWriteType(Type? declaredType, object? value)
        => declaredType is not null && declaredType != typeof(object) && (!TryGetConverter(declaredType, out var declared) || declared.IsPolymorphic)
            ? declaredType
            : value?.GetType() ?? declaredType ?? typeof(object);

    /// <summary>
    /// Hands <paramref name="visitor"/> the element type of a response body of <paramref name="type"/> that is written
    /// element by element: a type whose converter here is a built-in sequence's (<see cref="ValueConverter.VisitStreamedElement"/>), or an
    /// <see cref="IAsyncEnumerable{T}"/>, which only a whole body can be. Null for any other type, which its converter
    /// writes whole, so a collection type with a converter of its own (the app's, a provider's, an external
    /// serializer's, System.Text.Json's) is never streamed past it.
    /// </summary>
    public TResult? VisitStreamedElement<TResult>(Type type, Shapes.ITypeVisitor<TResult> visitor)
        where TResult : class
        => TryGetConverter(type, out var converter)
            ? converter.VisitStreamedElement(visitor)
            : ConverterFactory.AsyncSequence(type, this)?.VisitElement(visitor);

    /// <summary>The element type of a response body of <paramref name="type"/> written element by element (<see cref="VisitStreamedElement"/>), or null.</summary>
    public Type? StreamedElementType(Type type) => VisitStreamedElement(type, ElementTypeOf.Instance);

    /// <summary>Why <paramref name="type"/> cannot be written (or, <paramref name="reading"/>, read), or null; never throws.</summary>
    public string? Refusal(Type type, bool reading)
    {
        try
        {
            var converter = GetConverter(type);
            return reading ? converter.ReadUnsupportedReason : null;
        }
        catch (NotSupportedException ex)
        {
            return ex.Message;
        }
    }

    /// <summary>Whether <paramref name="type"/> can be written; never throws.</summary>
    public bool CanWrite(Type type) => TryGetConverter(type, out _);

    /// <summary>Whether <paramref name="type"/> can be read; never throws.</summary>
    public bool CanRead(Type type) => TryGetConverter(type, out var converter) && converter.ReadUnsupportedReason is null;

    public bool TryGetConverter(Type type, out ValueConverter converter)
    {
        // Asked per request (SelectWriteType, CanWriteType): a type already known to be unsupported must not cost a
        // thrown exception each time.
        if (_converters.TryGetValue(type, out converter!))
        {
            return true;
        }

        if (_unsupported.ContainsKey(type))
        {
            converter = null!;
            return false;
        }

        try
        {
            converter = GetConverter(type);
            return true;
        }
        catch (NotSupportedException)
        {
            converter = null!;
            return false;
        }
    }

    /// <summary>Makes a converter that is still being built visible to the types it refers to (recursive types).</summary>
    internal void RegisterInProgress(Type type, ValueConverter converter) => _building[type] = converter;

    private void PublishBuilt()
    {
        // A failure anywhere in the graph leaves the types that depended on it half-built: publish none of them.
        if (!_buildFailed)
        {
            foreach (var (type, converter) in _building)
            {
                _converters.TryAdd(type, converter);
            }
        }

        _building.Clear();
        _deferred.Clear();
        _buildFailed = false;
    }

    // A type asked for again while its converter is being created, before that converter exists: an app's converter
    // that takes converters from its context and contains itself (a tree whose converter holds its children's list
    // converter). Object converters register themselves first (RegisterInProgress) and are never asked for here.
    private bool IsBeingCreated(Type type) => _creating.Contains(type) && !_building.ContainsKey(type);

    // A stand-in that forwards to the type's converter, handed that converter as soon as it is created (CompleteDeferred),
    // before anything is published.
    private ValueConverter Defer<T>()
    {
        var target = new Composites.DeferredTarget<T>();
        _deferred.Add((typeof(T), target));
        return Family.DeferredOf(target);
    }

    private void CompleteDeferred(Type type, ValueConverter converter)
    {
        foreach (var (deferredType, deferred) in _deferred)
        {
            if (deferredType == type)
            {
                deferred.Complete(converter);
            }
        }
    }

    private sealed class DeferredOf(ConverterResolver resolver) : Shapes.ITypeVisitor<ValueConverter>
    {
        public ValueConverter Visit<T>() => resolver.Defer<T>();
    }

    private sealed class ElementTypeOf : Shapes.ITypeVisitor<Type>
    {
        public static readonly ElementTypeOf Instance = new();

        public Type Visit<T>() => typeof(T);
    }

    private void Remember(int index, ValueConverter converter)
    {
        lock (_rememberGate)
        {
            var byTypeIndex = _byTypeIndex;
            if (index >= byTypeIndex.Length)
            {
                Array.Resize(ref byTypeIndex, Math.Max(index + 1, byTypeIndex.Length * 2));
            }

            byTypeIndex[index] = converter;
            _byTypeIndex = byTypeIndex;
        }
    }

    // A number per type, the same in every resolver: only the numbering is process-wide, never a converter.
    private static class TypeIndex<T>
    {
        public static readonly int Value = Interlocked.Increment(ref s_typeIndexes) - 1;
    }
}
