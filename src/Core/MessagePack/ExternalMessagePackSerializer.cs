using System.Buffers;

namespace FastFormatters.MessagePack;

/// <summary>
/// Another MessagePack serializer that writes and reads the types it claims, in place of this library's converters:
/// for types whose wire form the app defines elsewhere (a custom MessagePack-CSharp formatter, say). Register
/// instances in <see cref="MessagePackOptions.ExternalSerializers"/>; they are asked before the built-in converters,
/// in order, once per type, and a claimed type is served by that serializer wherever it appears: a whole body, a
/// member, a list element. Compression, body limits, content negotiation and diagnostics stay this library's.
/// </summary>
public abstract class ExternalMessagePackSerializer
{
    /// <summary>Whether this serializer writes and reads <paramref name="type"/>. Asked once per type.</summary>
    public abstract bool Claims(Type type);

    /// <summary>Writes one MessagePack value: <paramref name="value"/>, of <paramref name="type"/>.</summary>
    public abstract void Serialize(IBufferWriter<byte> output, Type type, object? value);

    /// <summary>Reads the one MessagePack value in <paramref name="messagePack"/> as <paramref name="type"/>.</summary>
    /// <exception cref="FormatReadException">
    /// The value is not a valid <paramref name="type"/>; the request gets a 400 problem. Any other exception is a
    /// server error.
    /// </exception>
    public abstract object? Deserialize(ReadOnlyMemory<byte> messagePack, Type type);
}
