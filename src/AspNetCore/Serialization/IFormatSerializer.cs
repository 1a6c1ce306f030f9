using System.Buffers;
using FastFormatters.Negotiation;
using Microsoft.AspNetCore.Http;

namespace FastFormatters.Serialization;

/// <summary>One wire format over the shared converters: what the formatters and minimal-API results call.</summary>
internal interface IFormatSerializer
{
    FormatDefinition Definition { get; }

    /// <summary>Whether responses in this format are text that takes a charset parameter (JSON: always UTF-8).</summary>
    bool IsUtf8Text { get; }

    /// <summary>The largest request body this format accepts, or null when only the server's limit applies.</summary>
    long? MaxRequestBodySize { get; }

    /// <summary>
    /// The serializer to write this response with: this one, or a variant the request asked for (a compressed
    /// MessagePack body), in which case the response's <c>Content-Type</c> is completed to say so. Called once per
    /// response, before its body is written.
    /// </summary>
    IFormatSerializer PrepareResponse(HttpContext httpContext) => this;

    /// <summary>
    /// The type to write a value as: its runtime type, unless the declared type is one whose values carry their subtype
    /// on the wire (a MessagePack union, a [JsonPolymorphic] type), which must then be written as declared.
    /// </summary>
    Type SelectWriteType(Type? declaredType, object? value);

    bool CanWrite(Type type);

    bool CanRead(Type type);

    /// <summary>Why <paramref name="type"/> cannot be written (or, <paramref name="reading"/>, read) in this format, or null.</summary>
    string? Refusal(Type type, bool reading);

    /// <summary>The verify mode of this format, or null when it is off (<see cref="FastFormattersOptions.Verification"/>).</summary>
    Verification.ResponseVerifier? Verifier { get; }

    /// <summary>The writers of the response bodies this format streams element by element, by type.</summary>
    Buffers.SequenceWriters Sequences { get; }

    /// <summary>The running estimate of the serialized size of <paramref name="type"/> in this format.</summary>
    Buffers.SizeEstimate GetSizeEstimate(Type type);

    void Serialize(IBufferWriter<byte> output, object? value, Type type);

    /// <exception cref="FormatReadException">The body is not a valid <paramref name="type"/> in this format.</exception>
    object? Deserialize(ReadOnlySpan<byte> body, Type type);

    /// <summary>Whether top-level sequences may be written element by element (not when the payload is framed as a whole).</summary>
    bool CanStreamSequences { get; }

    /// <summary>Whether a sequence's element count must be known before its first element (a MessagePack array header, a JMC1 count comment).</summary>
    bool SequenceNeedsCount { get; }

    /// <summary>Starts a top-level sequence written element by element; <paramref name="count"/> is -1 when unknown.</summary>
    void WriteSequenceStart(IBufferWriter<byte> output, int count);

    void WriteSequenceItem<T>(IBufferWriter<byte> output, T item, bool first);

    void WriteSequenceEnd(IBufferWriter<byte> output);
}
