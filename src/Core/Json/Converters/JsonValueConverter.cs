using FastFormatters.Serialization;

namespace FastFormatters.Json.Converters;

/// <summary>A JSON converter of a value whose type is known only at run time (values declared as <see cref="object"/>).</summary>
internal interface IJsonValueConverter
{
    void WriteBoxed(ref JsonWriter writer, object? value);

    object? ReadBoxed(ref JsonReader reader);
}

/// <summary>
/// Reads and writes <typeparamref name="T"/> as JSON; JMC1 is JSON with length comments, which the writer and reader
/// add and check, so the same converters serve it.
/// </summary>
internal abstract class JsonValueConverter<T> : ValueConverter<T>, IJsonValueConverter
{
    public abstract void Write(ref JsonWriter writer, T value);

    public abstract T Read(ref JsonReader reader);

    public void WriteBoxed(ref JsonWriter writer, object? value) => Write(ref writer, (T)value!);

    public object? ReadBoxed(ref JsonReader reader) => Read(ref reader);
}
