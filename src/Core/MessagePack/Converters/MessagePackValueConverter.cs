using FastFormatters.Serialization;

namespace FastFormatters.MessagePack.Converters;

/// <summary>A MessagePack converter of a value whose type is known only at run time (values declared as <see cref="object"/>).</summary>
internal interface IMessagePackValueConverter
{
    void WriteBoxed(ref FastMessagePackWriter writer, object? value);

    object? ReadBoxed(ref FastMessagePackReader reader);
}

/// <summary>Reads and writes <typeparamref name="T"/> as MessagePack.</summary>
public abstract class MessagePackValueConverter<T> : ValueConverter<T, FastMessagePackWriter, FastMessagePackReader>, IMessagePackValueConverter
{
    /// <summary>Creates the converter.</summary>
    protected MessagePackValueConverter()
    {
    }

    /// <summary>
    /// Writes <paramref name="value"/> as exactly one MessagePack value (which may be nil when <typeparamref name="T"/>
    /// allows it): a container's header is followed by as many values as it counts. A converter of an app that writes
    /// no value, more than one, or fewer values than a header counts fails with an <see cref="InvalidOperationException"/>
    /// naming it, and nothing invalid reaches the client.
    /// </summary>
    /// <param name="writer">The writer, positioned where the value goes.</param>
    /// <param name="value">The value.</param>
    public abstract override void Write(ref FastMessagePackWriter writer, T value);

    /// <summary>Reads one value; bad input is an error from <c>reader.Error(...)</c>, which the caller answers with a 400.</summary>
    /// <param name="reader">The reader, positioned at the value.</param>
    /// <returns>The value read.</returns>
    public abstract override T Read(ref FastMessagePackReader reader);

    internal override ValueConverter AsAppConverter() => new AppMessagePackConverter<T>(this);

    void IMessagePackValueConverter.WriteBoxed(ref FastMessagePackWriter writer, object? value) => Write(ref writer, (T)value!);

    object? IMessagePackValueConverter.ReadBoxed(ref FastMessagePackReader reader) => Read(ref reader);
}
