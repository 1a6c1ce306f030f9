using FastFormatters.Serialization;

namespace FastFormatters.MessagePack.Converters;

/// <summary>A MessagePack converter of a value whose type is known only at run time (values declared as <see cref="object"/>).</summary>
internal interface IMessagePackValueConverter
{
    void WriteBoxed(ref MessagePackWriter writer, object? value);

    object? ReadBoxed(ref MessagePackReader reader);
}

/// <summary>Reads and writes <typeparamref name="T"/> as MessagePack.</summary>
internal abstract class MessagePackValueConverter<T> : ValueConverter<T>, IMessagePackValueConverter
{
    public abstract void Write(ref MessagePackWriter writer, T value);

    public abstract T Read(ref MessagePackReader reader);

    public void WriteBoxed(ref MessagePackWriter writer, object? value) => Write(ref writer, (T)value!);

    public object? ReadBoxed(ref MessagePackReader reader) => Read(ref reader);
}
