using System.Reflection;
using System.Text.Json;
using System.Text.Json.Serialization;
using System.Text.Json.Serialization.Metadata;
using FastFormatters.Serialization;
using FastFormatters.Serialization.Composites;
using FastFormatters.Serialization.Contracts;
using FastFormatters.Serialization.Objects;
using FastFormatters.Serialization.Values;

namespace FastFormatters.Json.Converters;

/// <summary>The JSON converters, which JMC1 shares: one instance per app, stateless.</summary>
internal sealed class JsonConverterFamily : ConverterFamily
{
    public static readonly JsonConverterFamily Instance = new();

    public override FastFormat Format => FastFormat.Json;

    public override FormatFamily Family => FormatFamily.Json;

    public override bool Serves(ValueConverter converter) => converter is IJsonValueConverter;

    // Each made when a type first asks for it: a table of instances made all of them on the first request, and the
    // JIT compiled the constructors of each one over a value type, three or four a type, for types the app never sends.
    private static readonly Dictionary<Type, Func<ValueConverter>> s_primitives = new()
    {
        [typeof(bool)] = static () => new JsonBooleanConverter(),
        [typeof(string)] = static () => new JsonStringConverter(),
        [typeof(char)] = static () => new JsonCharConverter(),
        [typeof(byte)] = static () => new JsonIntegerConverter<byte>(),
        [typeof(sbyte)] = static () => new JsonIntegerConverter<sbyte>(),
        [typeof(short)] = static () => new JsonIntegerConverter<short>(),
        [typeof(ushort)] = static () => new JsonIntegerConverter<ushort>(),
        [typeof(int)] = static () => new JsonIntegerConverter<int>(),
        [typeof(uint)] = static () => new JsonIntegerConverter<uint>(),
        [typeof(long)] = static () => new JsonIntegerConverter<long>(),
        [typeof(ulong)] = static () => new JsonIntegerConverter<ulong>(),
        [typeof(Int128)] = static () => new JsonIntegerConverter<Int128>(),
        [typeof(UInt128)] = static () => new JsonIntegerConverter<UInt128>(),
        [typeof(decimal)] = static () => new JsonDecimalConverter(),
        [typeof(double)] = static () => new JsonFloatingPointConverter<double>(),
        [typeof(float)] = static () => new JsonFloatingPointConverter<float>(),
        [typeof(Half)] = static () => new JsonFloatingPointConverter<Half>(),
        [typeof(Guid)] = static () => new JsonFormattedStringConverter<Guid>(GuidText.Instance, SystemTextJsonStrings.By(JsonMetadataServices.GuidConverter), static () => SchemaBuilder.Of("string", "uuid")),
        [typeof(DateTime)] = static () => new JsonFormattedStringConverter<DateTime>(DateTimeText.Instance, SystemTextJsonStrings.By(JsonMetadataServices.DateTimeConverter), static () => SchemaBuilder.Of("string", "date-time")),
        [typeof(DateTimeOffset)] = static () => new JsonFormattedStringConverter<DateTimeOffset>(DateTimeOffsetText.Instance, SystemTextJsonStrings.TryReadDateTimeOffset, static () => SchemaBuilder.Of("string", "date-time")),
        [typeof(DateOnly)] = static () => new JsonFormattedStringConverter<DateOnly>(DateOnlyText.Instance, SystemTextJsonStrings.By(JsonMetadataServices.DateOnlyConverter), static () => SchemaBuilder.Of("string", "date")),
        [typeof(TimeOnly)] = static () => new JsonFormattedStringConverter<TimeOnly>(TimeOnlyText.Instance, SystemTextJsonStrings.By(JsonMetadataServices.TimeOnlyConverter), static () => new() { ["type"] = "string", ["pattern"] = "^[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]{1,7})?$" }),
        [typeof(TimeSpan)] = static () => new JsonFormattedStringConverter<TimeSpan>(TimeSpanText.Instance, SystemTextJsonStrings.By(JsonMetadataServices.TimeSpanConverter), static () => new() { ["type"] = "string", ["pattern"] = "^-?([0-9]+\\.)?[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]{1,7})?$" }),
        [typeof(Uri)] = static () => new JsonUriConverter(),
        [typeof(Version)] = static () => new JsonVersionConverter(),
        [typeof(byte[])] = static () => new JsonByteArrayConverter(),
        [typeof(Memory<byte>)] = static () => new JsonByteMemoryConverter<Memory<byte>>(static bytes => bytes, static bytes => bytes),
        [typeof(ReadOnlyMemory<byte>)] = static () => new JsonByteMemoryConverter<ReadOnlyMemory<byte>>(static bytes => bytes, static bytes => bytes),
    };

    private JsonConverterFamily()
    {
    }

    public override ValueConverter? Primitive(Type type) => s_primitives.GetValueOrDefault(type)?.Invoke();

    public override ValueConverter ObjectValue(ConverterResolver resolver) => new JsonObjectValueConverter(resolver);

    // JSON parses a document's own text: no converter of values typed object.
    public override ValueConverter JsonElement(ConverterResolver resolver)
        => new JsonComposite<JsonElement, JsonDocumentComposite<JsonCodec, FastJsonWriter, FastJsonReader>>(new(values: null));

    public override ValueConverter JsonDocument(ConverterResolver resolver)
        => new JsonComposite<JsonDocument?, JsonDocumentComposite<JsonCodec, FastJsonWriter, FastJsonReader>>(new(values: null));

    public override ValueConverter JsonNodeOf<TNode>(ConverterResolver resolver)
        => new JsonComposite<TNode?, JsonNodeComposite<JsonCodec, FastJsonWriter, FastJsonReader, TNode>>(new(values: null));

    public override ValueConverter SystemTextJsonOf<T>(JsonSerializerOptions options, ConverterResolver resolver) => new JsonSystemTextJsonConverter<T>(options);

    public override ValueConverter ReadThrough<T>(ValueConverter<T> writer, ValueConverter<T> reader)
        => new JsonComposite<T, ReadThroughComposite<JsonCodec, FastJsonWriter, FastJsonReader, T>>(new(writer, reader));

    public override ValueConverter NullableOf<T>(ValueConverter<T> value)
        => new JsonComposite<T?, NullableComposite<JsonCodec, FastJsonWriter, FastJsonReader, T>>(new(value));

    public override ValueConverter EnumOf<T>(bool asNumbers, Func<FieldInfo, string>? nameOf) => new JsonEnumConverter<T>(asNumbers, nameOf);

    public override object EnumKeyOf<T>(ConverterResolver resolver) => new JsonEnumKey<T>(resolver.GetConverter<T>(), resolver.Rules.DictionaryKeyPolicy);

    public override ValueConverter ArrayOf<T>(ValueConverter<T> element)
        => new JsonComposite<T[]?, ArrayComposite<JsonCodec, FastJsonWriter, FastJsonReader, T>>(new(element));

    public override ValueConverter ListOf<T>(ValueConverter<T> element)
        => new JsonComposite<List<T>?, ListComposite<JsonCodec, FastJsonWriter, FastJsonReader, T>>(new(element));

    public override ValueConverter MemoryOf<TMemory, T>(ValueConverter<T> element)
        => new JsonComposite<TMemory, MemoryComposite<JsonCodec, FastJsonWriter, FastJsonReader, TMemory, T>>(new(element));

    public override ValueConverter EnumerableOf<TCollection, T>(ValueConverter<T> element, Func<TCollection>? create)
        => new JsonComposite<TCollection?, EnumerableComposite<JsonCodec, FastJsonWriter, FastJsonReader, TCollection, T>>(new(element, create));

    public override ValueConverter DictionaryOf<TDictionary, TKey, TValue>(ConverterResolver resolver, ValueConverter<TValue> value, Func<TDictionary>? create)
        => new JsonComposite<TDictionary?, DictionaryComposite<JsonCodec, FastJsonWriter, FastJsonReader, TDictionary, TKey, TValue>>(new(resolver, value, create));

    public override ValueConverter UnionOf<T>(IReadOnlyList<UnionCase> cases, ConverterResolver resolver)
        => new JsonComposite<T, UnionComposite<JsonCodec, FastJsonWriter, FastJsonReader, T>>(new(cases, resolver));

    public override ValueConverter WithNumberHandling(ValueConverter number, JsonNumberHandling handling)
        => ((IJsonNumberConverter)number).WithNumberHandling(handling);

    public override ValueConverter DeferredOf<T>(DeferredTarget<T> target)
        => new JsonComposite<T, DeferredComposite<JsonCodec, FastJsonWriter, FastJsonReader, T>>(new(target));

    public override IObjectConverter<T> CreateObject<T>() => new JsonObjectConverter<T>();
}
