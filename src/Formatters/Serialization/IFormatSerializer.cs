using System.Buffers;
using FastFormatters.Negotiation;

namespace FastFormatters.Serialization;

/// <summary>One wire format over the shared converters: what the formatters and minimal-API results call.</summary>
internal interface IFormatSerializer
{
    FormatDefinition Definition { get; }

    /// <summary>Whether responses in this format are text that takes a charset parameter (JSON: always UTF-8).</summary>
    bool IsUtf8Text { get; }

    bool CanWrite(Type type);

    bool CanRead(Type type);

    /// <summary>The running estimate of the serialized size of <paramref name="type"/> in this format.</summary>
    Buffers.SizeEstimate GetSizeEstimate(Type type);

    void Serialize(IBufferWriter<byte> output, object? value, Type type);

    /// <exception cref="FormatReadException">The body is not a valid <paramref name="type"/> in this format.</exception>
    object? Deserialize(ReadOnlySpan<byte> body, Type type);
}
