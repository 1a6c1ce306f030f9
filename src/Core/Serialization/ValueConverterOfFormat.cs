namespace FastFormatters.Serialization;

/// <summary>
/// A converter of <typeparamref name="T"/> in the format whose writer is <typeparamref name="TWriter"/> and reader
/// <typeparamref name="TReader"/>: the common base of <see cref="Json.Converters.JsonValueConverter{T}"/> and
/// <see cref="MessagePack.Converters.MessagePackValueConverter{T}"/>, which an app's converter derives from.
/// </summary>
/// <typeparam name="T">The type read and written.</typeparam>
/// <typeparam name="TWriter">The format's writer.</typeparam>
/// <typeparam name="TReader">The format's reader.</typeparam>
/// <remarks>
/// Collections, dictionaries and extension data hold their values' converters as this type and call them directly,
/// which the runtime compiles to one virtual call even in code shared over reference types.
/// </remarks>
public abstract class ValueConverter<T, TWriter, TReader> : ValueConverter<T>
    where TWriter : allows ref struct
    where TReader : allows ref struct
{
    /// <summary>Creates the converter. Only the formats' converter bases, in this assembly, derive from this class.</summary>
    private protected ValueConverter()
    {
    }

    /// <summary>Writes <paramref name="value"/> as exactly one value of the format.</summary>
    /// <param name="writer">The writer, positioned where the value goes.</param>
    /// <param name="value">The value.</param>
    public abstract void Write(ref TWriter writer, T value);

    /// <summary>Reads one value of the format.</summary>
    /// <param name="reader">The reader, positioned at the value.</param>
    /// <returns>The value read.</returns>
    public abstract T Read(ref TReader reader);
}
