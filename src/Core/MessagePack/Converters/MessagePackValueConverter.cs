using FastFormatters.Serialization;

namespace FastFormatters.MessagePack.Converters;

/// <summary>A MessagePack converter of a value whose type is known only at run time (values declared as <see cref="object"/>).</summary>
internal interface IMessagePackValueConverter
{
    void WriteBoxed(ref MessagePackWriter writer, object? value);

    object? ReadBoxed(ref MessagePackReader reader);
}

/// <summary>Reads and writes <typeparamref name="T"/> as MessagePack.</summary>
public abstract class MessagePackValueConverter<T> : ValueConverter<T>, IMessagePackValueConverter
{
    /// <summary>Creates the converter.</summary>
    protected MessagePackValueConverter()
    {
    }

    /// <summary>Writes <paramref name="value"/>, which may be <see langword="null"/> when <typeparamref name="T"/> allows it.</summary>
    /// <param name="writer">The writer, positioned where the value goes (after a property name or a separator).</param>
    /// <param name="value">The value.</param>
    public abstract void Write(ref MessagePackWriter writer, T value);

    /// <summary>Reads one value; bad input is an error from <c>reader.Error(...)</c>, which the caller answers with a 400.</summary>
    /// <param name="reader">The reader, positioned at the value.</param>
    /// <returns>The value read.</returns>
    public abstract T Read(ref MessagePackReader reader);

    void IMessagePackValueConverter.WriteBoxed(ref MessagePackWriter writer, object? value) => Write(ref writer, (T)value!);

    object? IMessagePackValueConverter.ReadBoxed(ref MessagePackReader reader) => Read(ref reader);
}
