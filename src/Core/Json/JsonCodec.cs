using System.Numerics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Text;
using System.Text.Json;
using System.Text.Json.Nodes;
using FastFormatters.Json.Converters;
using FastFormatters.Serialization;
using FastFormatters.Serialization.Composites;
using FastFormatters.Serialization.Values;

namespace FastFormatters.Json;

/// <summary>JSON's tokens for the composites, JMC1's too: the writer and reader add and check JMC1's counts.</summary>
internal readonly struct JsonCodec : IFormatCodec<FastJsonWriter, FastJsonReader>
{
    public static bool CountsFirst => false;

    public static bool StacksKeepTheirOrder => false;

    public static ValueConverter<T, FastJsonWriter, FastJsonReader> Served<T>(ValueConverter<T> converter) => (JsonValueConverter<T>)converter;

    public static ValueConverter Served(ValueConverter converter)
        => converter is IJsonValueConverter ? converter : throw new InvalidCastException($"{converter.GetType()} is not a JSON converter.");

    public static void WriteNull(ref FastJsonWriter writer) => writer.WriteNull();

    public static bool TryReadNull(ref FastJsonReader reader) => reader.TryReadNull();

    // A collection that is a struct (an ImmutableArray) cannot be null, as System.Text.Json says too.
    public static TCollection? NullCollection<TCollection>(ref FastJsonReader reader)
        => typeof(TCollection).IsValueType ? throw reader.Error($"Expected an array: {typeof(TCollection)} cannot be null.") : default;

    public static void WriteBeginArray(ref FastJsonWriter writer, int count) => writer.WriteBeginArray(count);

    public static void WriteEndArray(ref FastJsonWriter writer) => writer.WriteEndArray();

    public static int ReadBeginArray(ref FastJsonReader reader) => reader.ReadBeginCountedArray();

    public static bool ReadIsInArray(ref FastJsonReader reader, int claimed, int read) => reader.ReadIsInArray();

    public static void ReadEndArray(ref FastJsonReader reader, int claimed, int read) => reader.VerifyCount(claimed, read);

    public static int PresizeFor(ref FastJsonReader reader, int claimed) => reader.PresizeFor(claimed);

    public static bool ConcurrentDictionariesKeepFirstValue => false;

    public static bool RejectsDuplicateKeys(ref FastJsonReader reader) => reader.RejectsDuplicateKeys;

    public static FormatReadException Error(ref FastJsonReader reader, string message) => reader.Error(message);

    public static void WriteBeginMap(ref FastJsonWriter writer, int count) => writer.WriteBeginDictionary(count);

    public static void WriteEndMap(ref FastJsonWriter writer) => writer.WriteEndObject();

    public static int ReadBeginMap(ref FastJsonReader reader) => reader.ReadBeginCountedObject();

    public static bool ReadIsInMap(ref FastJsonReader reader, int claimed, int read) => reader.ReadIsInObject();

    public static void ReadEndMap(ref FastJsonReader reader, int claimed, int read) => reader.VerifyCount(claimed, read);

    public static DictionaryKey<TKey, FastJsonWriter, FastJsonReader> IntegerKey<TKey>()
        where TKey : IBinaryInteger<TKey>, IMinMaxValue<TKey>, IUtf8SpanFormattable
        => new JsonIntegerKey<TKey>();

    public static T NullObject<T>(ref FastJsonReader reader)
        => typeof(T).IsValueType ? throw reader.Error($"null is not a valid {typeof(T).Name}.") : default!;

    // JMC1 counts a dictionary's entries, not an object's members.
    public static void WriteBeginObject(ref FastJsonWriter writer, int count) => writer.WriteBeginObject();

    public static FormatMemberName EncodeMemberName(EncodedName name) => new JsonMemberName(name.Name);

    // EncodeMemberName made every name this codec is handed: no cast per member.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void WriteMemberName(ref FastJsonWriter writer, FormatMemberName name) => writer.WritePropertyName(Unsafe.As<JsonMemberName>(name));

    public static void WriteMemberName(ref FastJsonWriter writer, string name) => writer.WritePropertyName(name.AsSpan());

    public static void WriteAsciiMemberName(ref FastJsonWriter writer, scoped ReadOnlySpan<byte> ascii) => writer.WriteAsciiPropertyName(ascii);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static bool TryReadMemberName(ref FastJsonReader reader, FormatMemberName name) => reader.TryReadPropertyName(Unsafe.As<JsonMemberName>(name));

    // Every JSON name is a string.
    public static bool SkipEntryIfUnnamed(ref FastJsonReader reader) => false;

    public static ReadOnlySpan<byte> ReadUncheckedMemberName(scoped ref FastJsonReader reader) => reader.ReadUncheckedPropertyName();

    public static void EnsureUtf8(ref FastJsonReader reader, ReadOnlySpan<byte> utf8) => reader.EnsureUtf8(utf8);

    // An error in the value of a member the type does not have is keyed by that member's name, as System.Text.Json keys
    // it ($.a for {"a":{"b"}}); the name is made into a string only then.
    public static void SkipUnknownMemberValue(ref FastJsonReader reader, ReadOnlySpan<byte> name)
    {
        try
        {
            reader.SkipValue();
        }
        catch (FormatReadException ex) when (ex.AddPropertySegment(Encoding.UTF8.GetString(name)))
        {
            throw;
        }
    }

    public static void WriteRuntimeTyped(ref FastJsonWriter writer, ConverterResolver resolver, Type type, object value)
        => ((IJsonValueConverter)resolver.GetConverter(type)).WriteBoxed(ref writer, value);

    public static string ReadObjectKey(ref FastJsonReader reader) => Encoding.UTF8.GetString(reader.ReadPropertyName());

    public static void WriteString(ref FastJsonWriter writer, string? value) => writer.WriteString(value);

    public static void WriteBoolean(ref FastJsonWriter writer, bool value) => writer.WriteBoolean(value);

    // The number's own text: no precision is lost in either direction.
    public static void WriteElementNumber(ref FastJsonWriter writer, JsonElement number) => writer.WriteRawValue(JsonMarshal.GetRawUtf8Value(number));

    public static JsonDocument ReadDocument(ref FastJsonReader reader, ValueConverter<object?>? values)
        => JsonDocument.Parse(reader.ReadRawValue().ToArray(), JsonDocuments.ParseOptions);

    // JSON has no union tags: the subtype's value alone.
    public static void WriteUnionCase(ref FastJsonWriter writer, int tag, ValueConverter converter, object value)
        => Unsafe.As<IJsonValueConverter>(converter).WriteBoxed(ref writer, value);

    public static T ReadUnionCase<T>(ref FastJsonReader reader, Dictionary<int, ValueConverter> byTag)
        => throw new NotSupportedException($"The union {typeof(T)} is tagged in MessagePack only; JSON cannot say which subtype to read.");

    public static JsonObject DescribeUnionCase(int tag, JsonObject value) => value;
}
