using System.Reflection;
using System.Text.Json.Serialization;
using FastFormatters.Serialization.Contracts;
using FastFormatters.Serialization.Objects;

namespace FastFormatters.Serialization;

/// <summary>
/// One format's converters. What a type is comes from its shape (<see cref="Shapes.TypeShape"/>, generated or
/// reflected); a family is the visitor of shapes that builds its format's converter of each kind: the visits resolve
/// what a kind contains (an element's converter, an enum's names) the same way for every format, and each format gives
/// its converter of that kind through the typed factories below (<see cref="ListOf{T}"/>, ...). The leaves (primitives,
/// <see cref="object"/>, documents) and what a format claims before any shape are asked by <see cref="ConverterFactory"/>.
/// </summary>
internal abstract class ConverterFamily : Shapes.IShapeVisitor<ConverterResolver, ValueConverter>
{
    /// <summary>The format errors name: <see cref="FastFormat.Json"/> (for JSON and JMC1) or <see cref="FastFormat.MessagePack"/>.</summary>
    public abstract FastFormat Format { get; }

    /// <summary>What a <see cref="ConverterProvider"/> is asked for and a contract modifier is run for.</summary>
    public abstract FormatFamily Family { get; }

    /// <summary>Whether an app's converter is one of this family's (derives from its converter base).</summary>
    public abstract bool Serves(ValueConverter converter);

    /// <summary>The converter of a primitive type (numbers, strings, dates, GUIDs, ...), or null.</summary>
    public abstract ValueConverter? Primitive(Type type);

    /// <summary>
    /// A converter the format takes before any other rule (an external serializer that claims the type), or null;
    /// closed over the type through <see cref="ConverterFactory.Typed"/>.
    /// </summary>
    public virtual ValueConverter? Claim(Type type, ConverterResolver resolver) => null;

    /// <summary>
    /// A converter the format has for a type outside the common kinds (a form its ecosystem gives the type), asked after
    /// the System.Text.Json hand-off; null when it has none.
    /// </summary>
    public virtual ValueConverter? FormatSpecific(Type type, ConverterResolver resolver) => null;

    /// <summary>Values declared as <see cref="object"/>, written by their runtime type.</summary>
    public abstract ValueConverter ObjectValue(ConverterResolver resolver);

    /// <summary><see cref="System.Text.Json.JsonElement"/> and <see cref="System.Text.Json.JsonDocument"/>.</summary>
    public abstract ValueConverter JsonElement(ConverterResolver resolver);

    /// <inheritdoc cref="JsonElement"/>
    public abstract ValueConverter JsonDocument(ConverterResolver resolver);

    /// <summary>A <see cref="System.Text.Json.Nodes.JsonNode"/> or one of its kinds.</summary>
    public abstract ValueConverter JsonNodeOf<TNode>(ConverterResolver resolver)
        where TNode : System.Text.Json.Nodes.JsonNode;

    /// <summary>A type System.Text.Json writes and reads, under <paramref name="options"/>.</summary>
    public abstract ValueConverter SystemTextJsonOf<T>(System.Text.Json.JsonSerializerOptions options, ConverterResolver resolver);

    /// <summary>
    /// <paramref name="writer"/>, reading through <paramref name="reader"/>: a collection these converters write but cannot
    /// create (a <see cref="Stack{T}"/>, an immutable or read-only collection), which System.Text.Json creates when reading.
    /// </summary>
    public abstract ValueConverter ReadThrough<T>(ValueConverter<T> writer, ValueConverter<T> reader);

    /// <summary><c>T?</c>, of its value's converter.</summary>
    public abstract ValueConverter NullableOf<T>(ValueConverter<T> value)
        where T : struct;

    /// <summary>
    /// <c>number?</c> through <paramref name="converter"/> (a number's converter under a member's own number handling),
    /// closed over each number type <see cref="ConverterFactory.IsNumber"/> admits, so it needs no reflection.
    /// </summary>
    public ValueConverter NullableNumberOf(Type number, ValueConverter converter) => Type.GetTypeCode(number) switch
    {
        TypeCode.Byte => NullableOf((ValueConverter<byte>)converter),
        TypeCode.SByte => NullableOf((ValueConverter<sbyte>)converter),
        TypeCode.Int16 => NullableOf((ValueConverter<short>)converter),
        TypeCode.UInt16 => NullableOf((ValueConverter<ushort>)converter),
        TypeCode.Int32 => NullableOf((ValueConverter<int>)converter),
        TypeCode.UInt32 => NullableOf((ValueConverter<uint>)converter),
        TypeCode.Int64 => NullableOf((ValueConverter<long>)converter),
        TypeCode.UInt64 => NullableOf((ValueConverter<ulong>)converter),
        TypeCode.Single => NullableOf((ValueConverter<float>)converter),
        TypeCode.Double => NullableOf((ValueConverter<double>)converter),
        TypeCode.Decimal => NullableOf((ValueConverter<decimal>)converter),
        _ when number == typeof(Half) => NullableOf((ValueConverter<Half>)converter),
        _ when number == typeof(Int128) => NullableOf((ValueConverter<Int128>)converter),
        _ when number == typeof(UInt128) => NullableOf((ValueConverter<UInt128>)converter),
        _ => throw new ArgumentException($"{number} is not a number type.", nameof(number)),
    };

    /// <summary>An enum, as numbers or by the names <paramref name="nameOf"/> gives (the field's own name when null).</summary>
    public abstract ValueConverter EnumOf<T>(bool asNumbers, Func<FieldInfo, string>? nameOf)
        where T : struct, System.Enum;

    /// <summary>The dictionary key of an enum type, in this family (a JSON member name, a MessagePack map key).</summary>
    public abstract object EnumKeyOf<T>(ConverterResolver resolver)
        where T : struct, System.Enum;

    /// <summary><c>T[]</c>.</summary>
    public abstract ValueConverter ArrayOf<T>(ValueConverter<T> element);

    /// <summary><c>List&lt;T&gt;</c>.</summary>
    public abstract ValueConverter ListOf<T>(ValueConverter<T> element);

    /// <summary><see cref="Memory{T}"/> or <see cref="ReadOnlyMemory{T}"/> (<typeparamref name="TMemory"/>) of <typeparamref name="T"/>.</summary>
    public abstract ValueConverter MemoryOf<TMemory, T>(ValueConverter<T> element)
        where TMemory : struct;

    /// <summary>Any other sequence; read through <paramref name="create"/> when the type is not one of List's or HashSet's interfaces.</summary>
    public abstract ValueConverter EnumerableOf<TCollection, T>(ValueConverter<T> element, Func<TCollection>? create)
        where TCollection : IEnumerable<T>;

    /// <summary>A dictionary; read through <paramref name="create"/> when the type is not one of Dictionary's interfaces.</summary>
    public abstract ValueConverter DictionaryOf<TDictionary, TKey, TValue>(ConverterResolver resolver, ValueConverter<TValue> value, Func<TDictionary>? create)
        where TDictionary : IEnumerable<KeyValuePair<TKey, TValue>>
        where TKey : notnull;

    /// <summary>An interface or abstract class whose subtypes are tagged by integers (<paramref name="cases"/>).</summary>
    public abstract ValueConverter UnionOf<T>(IReadOnlyList<Contracts.UnionCase> cases, ConverterResolver resolver);

    /// <summary>
    /// <paramref name="number"/> under System.Text.Json's number handling, or itself when the format carries numbers
    /// natively.
    /// </summary>
    public abstract ValueConverter WithNumberHandling(ValueConverter number, JsonNumberHandling handling);

    /// <summary>A stand-in for the converter of <typeparamref name="T"/> while it is being created, forwarding to <paramref name="target"/>.</summary>
    public abstract ValueConverter DeferredOf<T>(Composites.DeferredTarget<T> target);

    /// <summary>An object converter not built yet: registered first, so recursive types resolve to it.</summary>
    public abstract IObjectConverter<T> CreateObject<T>();

    public ValueConverter VisitObject<T>(Shapes.ObjectShape<T> shape, ConverterResolver resolver) => ObjectContractBuilder.Build(shape, resolver);

    public ValueConverter VisitNullable<T>(ConverterResolver resolver)
        where T : struct
        => NullableOf(resolver.GetConverter<T>());

    public ValueConverter VisitEnum<T>(ConverterResolver resolver)
        where T : struct, Enum
        => EnumOf<T>(resolver.Rules.WritesEnumAsNumbers(typeof(T)), resolver.Rules.EnumNames(typeof(T)));

    public ValueConverter VisitArray<T>(ConverterResolver resolver) => ArrayOf(resolver.GetConverter<T>());

    public ValueConverter VisitList<T>(ConverterResolver resolver) => ListOf(resolver.GetConverter<T>());

    public ValueConverter VisitMemory<TMemory, T>(ConverterResolver resolver)
        where TMemory : struct
        => MemoryOf<TMemory, T>(resolver.GetConverter<T>());

    public ValueConverter VisitEnumerable<TCollection, T>(Func<TCollection>? create, ConverterResolver resolver)
        where TCollection : IEnumerable<T>
        => ReadableOrSystemTextJson<TCollection>(EnumerableOf(resolver.GetConverter<T>(), create), resolver);

    public ValueConverter VisitDictionary<TDictionary, TKey, TValue>(Func<TDictionary>? create, ConverterResolver resolver)
        where TDictionary : IEnumerable<KeyValuePair<TKey, TValue>>
        where TKey : notnull
        => ReadableOrSystemTextJson<TDictionary>(DictionaryOf<TDictionary, TKey, TValue>(resolver, resolver.GetConverter<TValue>(), create), resolver);

    public ValueConverter VisitAsyncEnumerable<T>(ConverterResolver resolver)
        => throw new NotSupportedException($"{typeof(IAsyncEnumerable<T>)} is only written as a whole response body, not inside another value.");

    // A collection these converters can only write (an iterator's class, a custom collection without a parameterless
    // constructor) is read by System.Text.Json under its contract where that contract describes it, rather than left
    // empty: as a member, an unreadable value would be skipped with a 200. It is still written by ours, so a response
    // of it streams.
    private ValueConverter ReadableOrSystemTextJson<T>(ValueConverter collection, ConverterResolver resolver)
    {
        if (collection.ReadUnsupportedReason is null || resolver.Rules is not SystemTextJsonContractRules systemTextJson || !systemTextJson.HasContract(typeof(T)))
        {
            return collection;
        }

        resolver.OnFallback?.Invoke(typeof(T), "only System.Text.Json can create it when reading");
        return ReadThrough((ValueConverter<T>)collection, (ValueConverter<T>)SystemTextJsonOf<T>(systemTextJson.Options, resolver));
    }
}
