using System.Text.Json.Nodes;
using FastFormatters.Serialization;

namespace FastFormatters.MessagePack.Converters;

/// <summary>
/// A type an <see cref="ExternalMessagePackSerializer"/> claims: written through it into the same output, read by
/// handing it the bytes of one value (checked and delimited by this library's reader first).
/// </summary>
internal sealed class ExternalMessagePackConverter<T> : MessagePackValueConverter<T>
{
    /// <remarks>The app's MessagePack serializer decides the form; nothing is promised beyond that.</remarks>
    internal override JsonObject DescribeSchema(SchemaBuilder schema)
        => new() { ["description"] = "Written by the application's MessagePack serializer." };

    private readonly ExternalMessagePackSerializer _serializer;

    public ExternalMessagePackConverter(ExternalMessagePackSerializer serializer) => _serializer = serializer;

    /// <summary>Written as the declared type, as the external serializer's own formatter would be (unions keep their tag).</summary>
    internal override bool IsPolymorphic => true;

    public override void Write(ref FastMessagePackWriter writer, T value)
        => _serializer.Serialize(writer.FlushForExternalWriter(), typeof(T), value);

    public override T Read(ref FastMessagePackReader reader)
    {
        int start = reader.Position;
        var bytes = reader.ReadRawValue();

        // A pooled copy: the reader works on a span, the external serializer on memory. What it reads out of the bytes
        // it copies (strings, arrays), so the buffer goes back once it returns.
        byte[] copy = System.Buffers.ArrayPool<byte>.Shared.Rent(bytes.Length);
        try
        {
            bytes.CopyTo(copy);
            return (T)_serializer.Deserialize(copy.AsMemory(0, bytes.Length), typeof(T))!;
        }
        catch (FormatReadException ex)
        {
            // Positions are the body's, not the value's.
            throw new FormatReadException(FastMessagePackReader.FormatName, ex.Message, start + Math.Max(ex.BytePosition, 0), ex);
        }
        finally
        {
            System.Buffers.ArrayPool<byte>.Shared.Return(copy);
        }
    }
}
