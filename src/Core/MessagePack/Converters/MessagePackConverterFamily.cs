using System.Reflection;
using System.Text.Json;
using System.Text.Json.Serialization;
using FastFormatters.Serialization;
using FastFormatters.Serialization.Composites;
using FastFormatters.Serialization.Contracts;
using FastFormatters.Serialization.Objects;
using FastFormatters.Serialization.Shapes;
using FastFormatters.Serialization.Values;

namespace FastFormatters.MessagePack.Converters;

/// <summary>
/// The MessagePack converters, with the app's <see cref="MessagePackOptions.ExternalSerializers"/>, which are asked
/// before any other rule.
/// </summary>
internal sealed class MessagePackConverterFamily : ConverterFamily
{
    // Each made when a type first asks for it: a table of instances made all of them on the first request, and the
    // JIT compiled the constructors of each one over a value type, three or four a type, for types the app never sends.
    private static readonly Dictionary<Type, Func<ValueConverter>> s_primitives = new()
    {
        [typeof(bool)] = static () => new MessagePackBooleanConverter(),
        [typeof(string)] = static () => new MessagePackStringConverter(),
        [typeof(char)] = static () => new MessagePackCharConverter(),
        [typeof(byte)] = static () => new MessagePackIntegerConverter<byte>(),
        [typeof(sbyte)] = static () => new MessagePackIntegerConverter<sbyte>(),
        [typeof(short)] = static () => new MessagePackIntegerConverter<short>(),
        [typeof(ushort)] = static () => new MessagePackIntegerConverter<ushort>(),
        [typeof(int)] = static () => new MessagePackIntegerConverter<int>(),
        [typeof(uint)] = static () => new MessagePackIntegerConverter<uint>(),
        [typeof(long)] = static () => new MessagePackIntegerConverter<long>(),
        [typeof(ulong)] = static () => new MessagePackIntegerConverter<ulong>(),
        [typeof(Int128)] = static () => new MessagePackIntegerConverter<Int128>(),
        [typeof(UInt128)] = static () => new MessagePackIntegerConverter<UInt128>(),
        [typeof(decimal)] = static () => new MessagePackDecimalConverter(),
        [typeof(double)] = static () => new MessagePackFloatingPointConverter<double>(),
        [typeof(float)] = static () => new MessagePackFloatingPointConverter<float>(),
        [typeof(Half)] = static () => new MessagePackFloatingPointConverter<Half>(),
        [typeof(Guid)] = static () => new MessagePackFormattedStringConverter<Guid>(GuidText.Instance, SchemaBuilder.Of("string", "uuid")),
        [typeof(DateTime)] = static () => new MessagePackDateTimeConverter(),
        [typeof(DateTimeOffset)] = static () => new MessagePackDateTimeOffsetConverter(),
        [typeof(DateOnly)] = static () => new MessagePackDateOnlyConverter(),
        [typeof(TimeOnly)] = static () => new MessagePackTimeOnlyConverter(),
        [typeof(TimeSpan)] = static () => new MessagePackTimeSpanConverter(),
        [typeof(Uri)] = static () => new MessagePackUriConverter(),
        [typeof(Version)] = static () => new MessagePackVersionConverter(),
        [typeof(byte[])] = static () => new MessagePackByteArrayConverter(),
        [typeof(Memory<byte>)] = static () => new MessagePackByteMemoryConverter<Memory<byte>>(static bytes => bytes, static bytes => bytes),
        [typeof(ReadOnlyMemory<byte>)] = static () => new MessagePackByteMemoryConverter<ReadOnlyMemory<byte>>(static bytes => bytes, static bytes => bytes),
    };

    private readonly IReadOnlyList<ExternalMessagePackSerializer> _externalSerializers;

    /// <param name="externalSerializers">The serializers asked first for each type.</param>
    public MessagePackConverterFamily(IReadOnlyList<ExternalMessagePackSerializer> externalSerializers) => _externalSerializers = externalSerializers;

    public override FastFormat Format => FastFormat.MessagePack;

    public override FormatFamily Family => FormatFamily.MessagePack;

    public override bool Serves(ValueConverter converter) => converter is IMessagePackValueConverter;

    public override ValueConverter? Claim(Type type, ConverterResolver resolver)
    {
        foreach (var external in _externalSerializers)
        {
            if (external.Claims(type))
            {
                return ConverterFactory.Typed(type, resolver, new ExternalOf(external), $"{external.GetType().Name} claims it");
            }
        }

        return null;
    }

    public override ValueConverter? FormatSpecific(Type type, ConverterResolver resolver)
    {
        if (resolver.Rules is not MessagePackContractRules)
        {
            return null;
        }

        // Types MessagePack-CSharp has a built-in form for that no object layout reproduces (their public members are
        // get-only, so a contractless map of them would be empty: a 200 with no data).
        if (type == typeof(System.Numerics.BigInteger))
        {
            return new MessagePackBigIntegerConverter();
        }

        if (type == typeof(System.Text.StringBuilder))
        {
            return new MessagePackStringBuilderConverter();
        }

        // System.Text.Json's polymorphism (JSON hands such types to System.Text.Json itself); a [Union] comes first.
        if ((type.IsAbstract || type.IsInterface) && type.IsDefined(typeof(JsonDerivedTypeAttribute), inherit: false) && resolver.Rules.GetUnionCases(type) is null)
        {
            return ConverterFactory.Typed(type, resolver, new JsonPolymorphicOf(resolver), "System.Text.Json's polymorphism");
        }

        return null;
    }

    public override ValueConverter? Primitive(Type type) => s_primitives.GetValueOrDefault(type)?.Invoke();

    public override ValueConverter ObjectValue(ConverterResolver resolver) => new MessagePackObjectValueConverter(resolver);

    public override ValueConverter JsonElement(ConverterResolver resolver)
        => new MessagePackComposite<JsonElement, JsonDocumentComposite<MessagePackCodec, FastMessagePackWriter, FastMessagePackReader>>(new(Objects(resolver)));

    public override ValueConverter JsonDocument(ConverterResolver resolver)
        => new MessagePackComposite<JsonDocument?, JsonDocumentComposite<MessagePackCodec, FastMessagePackWriter, FastMessagePackReader>>(new(Objects(resolver)));

    public override ValueConverter JsonNodeOf<TNode>(ConverterResolver resolver)
        => new MessagePackComposite<TNode?, JsonNodeComposite<MessagePackCodec, FastMessagePackWriter, FastMessagePackReader, TNode>>(new(Objects(resolver)));

    public override ValueConverter SystemTextJsonOf<T>(JsonSerializerOptions options, ConverterResolver resolver)
        => new MessagePackSystemTextJsonConverter<T>(options, Objects(resolver));

    public override ValueConverter ReadThrough<T>(ValueConverter<T> writer, ValueConverter<T> reader)
        => new MessagePackComposite<T, ReadThroughComposite<MessagePackCodec, FastMessagePackWriter, FastMessagePackReader, T>>(new(writer, reader));

    public override ValueConverter NullableOf<T>(ValueConverter<T> value)
        => new MessagePackComposite<T?, NullableComposite<MessagePackCodec, FastMessagePackWriter, FastMessagePackReader, T>>(new(value));

    public override ValueConverter EnumOf<T>(bool asNumbers, Func<FieldInfo, string>? nameOf) => new MessagePackEnumConverter<T>(asNumbers, nameOf);

    public override object EnumKeyOf<T>(ConverterResolver resolver) => new MessagePackEnumKey<T>(resolver.GetConverter<T>());

    public override ValueConverter ArrayOf<T>(ValueConverter<T> element)
        => new MessagePackComposite<T[]?, ArrayComposite<MessagePackCodec, FastMessagePackWriter, FastMessagePackReader, T>>(new(element));

    public override ValueConverter ListOf<T>(ValueConverter<T> element)
        => new MessagePackComposite<List<T>?, ListComposite<MessagePackCodec, FastMessagePackWriter, FastMessagePackReader, T>>(new(element));

    public override ValueConverter MemoryOf<TMemory, T>(ValueConverter<T> element)
        => new MessagePackComposite<TMemory, MemoryComposite<MessagePackCodec, FastMessagePackWriter, FastMessagePackReader, TMemory, T>>(new(element));

    public override ValueConverter EnumerableOf<TCollection, T>(ValueConverter<T> element, Func<TCollection>? create)
        => new MessagePackComposite<TCollection?, EnumerableComposite<MessagePackCodec, FastMessagePackWriter, FastMessagePackReader, TCollection, T>>(new(element, create));

    public override ValueConverter DictionaryOf<TDictionary, TKey, TValue>(ConverterResolver resolver, ValueConverter<TValue> value, Func<TDictionary>? create)
        => new MessagePackComposite<TDictionary?, DictionaryComposite<MessagePackCodec, FastMessagePackWriter, FastMessagePackReader, TDictionary, TKey, TValue>>(new(resolver, value, create));

    public override ValueConverter UnionOf<T>(IReadOnlyList<UnionCase> cases, ConverterResolver resolver)
        => new MessagePackComposite<T, UnionComposite<MessagePackCodec, FastMessagePackWriter, FastMessagePackReader, T>>(new(cases, resolver));

    /// <summary>MessagePack carries numbers natively: number handling does not apply.</summary>
    public override ValueConverter WithNumberHandling(ValueConverter number, JsonNumberHandling handling) => number;

    public override ValueConverter DeferredOf<T>(DeferredTarget<T> target)
        => new MessagePackComposite<T, DeferredComposite<MessagePackCodec, FastMessagePackWriter, FastMessagePackReader, T>>(new(target));

    public override IObjectConverter<T> CreateObject<T>() => new MessagePackObjectConverter<T>();

    private static MessagePackObjectValueConverter Objects(ConverterResolver resolver)
        => (MessagePackObjectValueConverter)resolver.GetConverter(typeof(object));

    // The external serializer's converter of a type, closed over it by ConverterFactory.Typed.
    private sealed class ExternalOf(ExternalMessagePackSerializer external) : ITypeVisitor<ValueConverter>
    {
        public ValueConverter Visit<T>() => new ExternalMessagePackConverter<T>(external);
    }

    // System.Text.Json's polymorphism of a type, closed over it by ConverterFactory.Typed.
    private sealed class JsonPolymorphicOf(ConverterResolver resolver) : ITypeVisitor<ValueConverter>
    {
        public ValueConverter Visit<T>() => new JsonPolymorphicMessagePackConverter<T>(resolver);
    }
}
