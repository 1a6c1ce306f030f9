using System.Runtime.CompilerServices;
using FastFormatters.Json.Converters;
using FastFormatters.Serialization;
using FastFormatters.Serialization.Composites;

namespace FastFormatters.Json;

/// <summary>JSON's tokens for the composites, JMC1's too: the writer and reader add and check JMC1's counts.</summary>
internal readonly struct JsonCodec : IFormatCodec<FastJsonWriter, FastJsonReader>
{
    public static bool CountsFirst => false;

    public static bool StacksKeepTheirOrder => false;

    public static ValueConverter<T> Served<T>(ValueConverter<T> converter) => (JsonValueConverter<T>)converter;

    // Served checked the type once; no cast per value.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Write<T>(ref FastJsonWriter writer, ValueConverter<T> converter, T value)
        => Unsafe.As<JsonValueConverter<T>>(converter).Write(ref writer, value);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static T Read<T>(ref FastJsonReader reader, ValueConverter<T> converter)
        => Unsafe.As<JsonValueConverter<T>>(converter).Read(ref reader);

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
}
