using FastFormatters.Serialization;

namespace FastFormatters.Json.Converters;

/// <summary>A JSON converter of a value whose type is known only at run time (values declared as <see cref="object"/>).</summary>
internal interface IJsonValueConverter
{
    void WriteBoxed(ref FastJsonWriter writer, object? value);

    object? ReadBoxed(ref FastJsonReader reader);
}

/// <summary>
/// Reads and writes <typeparamref name="T"/> as JSON; JMC1 is JSON with length comments, which the writer and reader
/// add and check, so the same converters serve it.
/// </summary>
public abstract class JsonValueConverter<T> : ValueConverter<T, FastJsonWriter, FastJsonReader>, IJsonValueConverter
{
    /// <summary>Creates the converter.</summary>
    protected JsonValueConverter()
    {
    }

    /// <summary>
    /// Writes <paramref name="value"/> as exactly one JSON value (which may be <c>null</c> when <typeparamref name="T"/>
    /// allows it): a string, a number, a literal, or an object or array closed again. The writer places the commas; a
    /// converter of an app that writes no value, two, or leaves a container open fails with an
    /// <see cref="InvalidOperationException"/> naming it, and nothing invalid reaches the client.
    /// </summary>
    /// <param name="writer">The writer, positioned where the value goes.</param>
    /// <param name="value">The value.</param>
    public abstract override void Write(ref FastJsonWriter writer, T value);

    /// <summary>Reads one value; bad input is an error from <c>reader.Error(...)</c>, which the caller answers with a 400.</summary>
    /// <param name="reader">The reader, positioned at the value.</param>
    /// <returns>The value read.</returns>
    public abstract override T Read(ref FastJsonReader reader);

    internal override ValueConverter AsAppConverter() => new AppJsonConverter<T>(this);

    void IJsonValueConverter.WriteBoxed(ref FastJsonWriter writer, object? value) => Write(ref writer, (T)value!);

    object? IJsonValueConverter.ReadBoxed(ref FastJsonReader reader) => Read(ref reader);
}
