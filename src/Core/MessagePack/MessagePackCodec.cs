using System.Globalization;
using System.Numerics;
using System.Runtime.CompilerServices;
using System.Text.Json;
using System.Text.Json.Nodes;
using FastFormatters.MessagePack.Converters;
using FastFormatters.Serialization;
using FastFormatters.Serialization.Composites;

namespace FastFormatters.MessagePack;

/// <summary>MessagePack's tokens for the composites: containers are headers that count their values.</summary>
internal readonly struct MessagePackCodec : IFormatCodec<FastMessagePackWriter, FastMessagePackReader>
{
    public static bool CountsFirst => true;

    // As MessagePack-CSharp reads them.
    public static bool StacksKeepTheirOrder => true;

    public static ValueConverter<T, FastMessagePackWriter, FastMessagePackReader> Served<T>(ValueConverter<T> converter) => (MessagePackValueConverter<T>)converter;

    public static ValueConverter Served(ValueConverter converter)
        => converter is IMessagePackValueConverter ? converter : throw new InvalidCastException($"{converter.GetType()} is not a MessagePack converter.");

    public static void WriteNull(ref FastMessagePackWriter writer) => writer.WriteNil();

    public static bool TryReadNull(ref FastMessagePackReader reader) => reader.TryReadNil();

    // Nil is the default of any collection type, a struct's included, as MessagePack-CSharp reads it.
    public static TCollection? NullCollection<TCollection>(ref FastMessagePackReader reader) => default;

    public static void WriteBeginArray(ref FastMessagePackWriter writer, int count) => writer.WriteArrayHeader(count);

    public static void WriteEndArray(ref FastMessagePackWriter writer) => writer.WriteEndContainer();

    public static int ReadBeginArray(ref FastMessagePackReader reader) => reader.ReadArrayHeader();

    public static bool ReadIsInArray(ref FastMessagePackReader reader, int claimed, int read) => read < claimed;

    public static void ReadEndArray(ref FastMessagePackReader reader, int claimed, int read) => reader.EndContainer();

    public static int PresizeFor(ref FastMessagePackReader reader, int claimed) => reader.PresizeFor(claimed);

    // MessagePack-CSharp fills a ConcurrentDictionary with TryAdd.
    public static bool ConcurrentDictionariesKeepFirstValue => true;

    public static bool RejectsDuplicateKeys(ref FastMessagePackReader reader) => reader.RejectsDuplicateKeys;

    public static FormatReadException Error(ref FastMessagePackReader reader, string message) => reader.Error(message);

    public static void WriteBeginMap(ref FastMessagePackWriter writer, int count) => writer.WriteMapHeader(count);

    public static void WriteEndMap(ref FastMessagePackWriter writer) => writer.WriteEndContainer();

    public static int ReadBeginMap(ref FastMessagePackReader reader) => reader.ReadMapHeader();

    public static bool ReadIsInMap(ref FastMessagePackReader reader, int claimed, int read) => read < claimed;

    public static void ReadEndMap(ref FastMessagePackReader reader, int claimed, int read) => reader.EndContainer();

    public static DictionaryKey<TKey, FastMessagePackWriter, FastMessagePackReader> IntegerKey<TKey>()
        where TKey : IBinaryInteger<TKey>, IMinMaxValue<TKey>, IUtf8SpanFormattable
        => new MessagePackIntegerKey<TKey>();

    public static T NullObject<T>(ref FastMessagePackReader reader)
        => typeof(T).IsValueType ? throw reader.Error($"nil is not a valid {typeof(T).Name}.") : default!;

    public static void WriteBeginObject(ref FastMessagePackWriter writer, int count) => writer.WriteMapHeader(count);

    public static FormatMemberName EncodeMemberName(EncodedName name) => new MessagePackMemberName(name.Utf8);

    // EncodeMemberName made every name this codec is handed: no cast per member.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void WriteMemberName(ref FastMessagePackWriter writer, FormatMemberName name) => writer.WriteRaw(Unsafe.As<MessagePackMemberName>(name).Encoded);

    public static void WriteMemberName(ref FastMessagePackWriter writer, string name) => writer.WriteString(name);

    public static void WriteAsciiMemberName(ref FastMessagePackWriter writer, scoped ReadOnlySpan<byte> ascii) => writer.WriteStringUtf8(ascii);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static bool TryReadMemberName(ref FastMessagePackReader reader, FormatMemberName name)
        => reader.TryReadEncoded(Unsafe.As<MessagePackMemberName>(name).Encoded.Span);

    // Members are named by strings; any other key is not one of ours.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static bool SkipEntryIfUnnamed(ref FastMessagePackReader reader)
    {
        if (reader.PeekKind() == MessagePackValueKind.String)
        {
            return false;
        }

        reader.Skip();
        reader.Skip();
        return true;
    }

    public static ReadOnlySpan<byte> ReadUncheckedMemberName(scoped ref FastMessagePackReader reader) => reader.ReadUncheckedStringSpan();

    public static void EnsureUtf8(ref FastMessagePackReader reader, ReadOnlySpan<byte> utf8) => reader.EnsureUtf8(utf8);

    // An error in a skipped value is not keyed by the name it was under.
    public static void SkipUnknownMemberValue(ref FastMessagePackReader reader, ReadOnlySpan<byte> name) => reader.Skip();

    public static void WriteRuntimeTyped(ref FastMessagePackWriter writer, ConverterResolver resolver, Type type, object value)
    {
        // MessagePack-CSharp writes integers (and enums) held in object at their type's fixed width and reads them back
        // boxed as that type: a compact form would reach its clients as a byte where they expect an int.
        if (type.IsEnum)
        {
            type = Enum.GetUnderlyingType(type);
            value = Convert.ChangeType(value, type, CultureInfo.InvariantCulture);
        }

        if (type.IsPrimitive && type != typeof(bool) && type != typeof(char) && type != typeof(float) && type != typeof(double)
            && type != typeof(IntPtr) && type != typeof(UIntPtr))
        {
            writer.WriteFixedWidthInteger(value);
            return;
        }

        ((IMessagePackValueConverter)resolver.GetConverter(type)).WriteBoxed(ref writer, value);
    }

    // Keys are text, as in JSON; integer keys from other writers become their decimal text.
    public static string ReadObjectKey(ref FastMessagePackReader reader)
        => reader.PeekKind() == MessagePackValueKind.Integer
            ? reader.ReadInteger().ToString(CultureInfo.InvariantCulture)
            : reader.ReadNonNullString();

    public static void WriteString(ref FastMessagePackWriter writer, string? value) => writer.WriteString(value);

    public static void WriteBoolean(ref FastMessagePackWriter writer, bool value) => writer.WriteBoolean(value);

    // An integer when the number is whole and fits 64 bits, else float64.
    public static void WriteElementNumber(ref FastMessagePackWriter writer, JsonElement number)
    {
        if (number.TryGetInt64(out long integer))
        {
            writer.WriteInt64(integer);
        }
        else if (number.TryGetUInt64(out ulong large))
        {
            writer.WriteUInt64(large);
        }
        else
        {
            writer.WriteDouble(number.GetDouble());
        }
    }

    public static JsonDocument ReadDocument(ref FastMessagePackReader reader, ValueConverter<object?>? values)
        => MessagePackDocuments.Parse(ref reader, (MessagePackValueConverter<object?>)values!);

    // The array [tag, value].
    public static void WriteUnionCase(ref FastMessagePackWriter writer, int tag, ValueConverter converter, object value)
    {
        writer.WriteArrayHeader(2);
        writer.WriteInt64(tag);
        Unsafe.As<IMessagePackValueConverter>(converter).WriteBoxed(ref writer, value);
        writer.WriteEndContainer();
    }

    public static T ReadUnionCase<T>(ref FastMessagePackReader reader, Dictionary<int, ValueConverter> byTag)
    {
        if (reader.TryReadNil())
        {
            // A union is an interface or abstract class: null is its default.
            return default!;
        }

        if (reader.ReadArrayHeader() != 2)
        {
            throw reader.Error($"A {typeof(T).Name} is an array of a union tag and a value.");
        }

        var tag = reader.ReadInteger();
        if (tag < int.MinValue || tag > int.MaxValue || !byTag.TryGetValue((int)tag, out var converter))
        {
            throw reader.Error($"{tag} is not a union tag of {typeof(T).Name}.");
        }

        var value = (T)Unsafe.As<IMessagePackValueConverter>(converter).ReadBoxed(ref reader)!;
        reader.EndContainer();
        return value;
    }

    /// <remarks>The pair of a tag and the subtype's value.</remarks>
    public static JsonObject DescribeUnionCase(int tag, JsonObject value) => SchemaBuilder.Tuple(new JsonObject { ["const"] = tag }, value);
}
