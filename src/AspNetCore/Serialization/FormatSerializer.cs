using System.Buffers;
using System.Collections.Concurrent;
using FastFormatters.Buffers;
using FastFormatters.Negotiation;
using FastFormatters.Verification;
using Microsoft.AspNetCore.Http;

namespace FastFormatters.Serialization;

/// <summary>
/// One registered <see cref="WireFormat"/> as the formatters and minimal-API results use it: the format, with what the
/// host keeps per format (size estimates, sequence writers by type, the verify mode) and what the host does for the
/// built-in ones (<see cref="FormatBehavior"/>).
/// </summary>
internal sealed class FormatSerializer : IVerifiedFormat
{
    private readonly ConcurrentDictionary<Type, SizeEstimate> _sizeEstimates;
    // The variants a request may ask for (a compressed MessagePack body), by format, shared by all of them.
    private readonly ConcurrentDictionary<WireFormat, FormatSerializer> _variants;
    private readonly FormatBehavior _behavior;
    private readonly WireFormat _compared;

    public FormatSerializer(WireFormat format, FormatBehavior behavior, ResponseVerifier? verifier)
    {
        Format = format;
        _behavior = behavior;
        _compared = behavior.ComparedFormat(format);
        Verifier = verifier;
        _sizeEstimates = new();
        _variants = new();
        Sequences = new SequenceResponseWriters(format);
    }

    // The same format written as its variant, sharing the size estimates and sequence writers.
    private FormatSerializer(FormatSerializer source, WireFormat variant)
    {
        Format = variant;
        _behavior = source._behavior;
        _compared = source._compared;
        Verifier = source.Verifier;
        _sizeEstimates = source._sizeEstimates;
        _variants = source._variants;
        Sequences = source.Sequences;
    }

    /// <summary>The format written and read.</summary>
    public WireFormat Format { get; }

    public FormatDefinition Definition => Format.Definition;

    /// <summary>Whether responses in this format are text that takes a charset parameter (JSON: always UTF-8).</summary>
    public bool IsUtf8Text => Format.IsUtf8Text;

    /// <summary>The largest request body this format accepts, or null when only the server's limit applies.</summary>
    public long? MaxRequestBodySize => Format.MaxRequestBodySize;

    /// <summary>The verify mode of this format, or null when it is off (<see cref="FastFormattersOptions.Verification"/>).</summary>
    public ResponseVerifier? Verifier { get; }

    /// <summary>The writers of the response bodies this format streams element by element, by type.</summary>
    public SequenceResponseWriters Sequences { get; }

    /// <summary>Media types a response may have beyond the format's own (MessagePack's compressed ones).</summary>
    public IReadOnlyList<string> ExtraResponseMediaTypes => _behavior.ExtraResponseMediaTypes;

    /// <summary>Whether top-level sequences may be written element by element (not when the payload is framed as a whole).</summary>
    public bool CanStreamSequences => Format.CanStreamSequences;

    /// <summary>Whether a sequence's element count must be known before its first element (a MessagePack array header, a JMC1 count comment).</summary>
    public bool SequenceNeedsCount => Format.SequenceNeedsCount;

    public bool SendsComparedBody => ReferenceEquals(_compared, Format);

    /// <summary>
    /// The serializer to write this response with: this one, or a variant the request asked for (a compressed
    /// MessagePack body), in which case the response's <c>Content-Type</c> is completed to say so. Called once per
    /// response, before its body is written.
    /// </summary>
    public FormatSerializer PrepareResponse(HttpContext httpContext)
    {
        var chosen = _behavior.PrepareResponse(Format, httpContext);
        return ReferenceEquals(chosen, Format) ? this
            : _variants.TryGetValue(chosen, out var variant) ? variant
            : _variants.GetOrAdd(chosen, new FormatSerializer(this, chosen));
    }

    /// <summary>
    /// The type to write a value as: its runtime type, unless the declared type is one whose values carry their subtype
    /// on the wire (a MessagePack union, a [JsonPolymorphic] type), which must then be written as declared.
    /// </summary>
    public Type SelectWriteType(Type? declaredType, object? value) => Format.GetWriteType(declaredType, value);

    public bool CanWrite(Type type) => Format.CanSerialize(type);

    public bool CanRead(Type type) => Format.CanDeserialize(type);

    /// <summary>Why <paramref name="type"/> cannot be written (or, <paramref name="reading"/>, read) in this format, or null.</summary>
    public string? Refusal(Type type, bool reading) => Format.GetUnsupportedReason(type, reading);

    /// <summary>The running estimate of the serialized size of <paramref name="type"/> in this format.</summary>
    public SizeEstimate GetSizeEstimate(Type type) => _sizeEstimates.GetOrAdd(type, static _ => new SizeEstimate());

    public void Serialize(IBufferWriter<byte> output, object? value, Type type)
    {
        if (Verifier is { } verifier && verifier.Intercepts(type))
        {
            verifier.Serialize(output, value, type, this);
            return;
        }

        Format.Serialize(output, value, type);
    }

    /// <exception cref="FormatReadException">The body is not a valid <paramref name="type"/> in this format.</exception>
    public object? Deserialize(ReadOnlySpan<byte> body, Type type) => Format.Deserialize(body, type);

    public void SerializeOwn(IBufferWriter<byte> output, object? value, Type type) => Format.Serialize(output, value, type);

    public void SerializeForComparison(IBufferWriter<byte> output, object? value, Type type) => _compared.Serialize(output, value, type);

    public void WriteReference(IBufferWriter<byte> output, byte[] reference) => _behavior.WriteReference(Format, output, reference);
}
