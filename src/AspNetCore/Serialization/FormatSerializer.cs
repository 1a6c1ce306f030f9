using System.Buffers;
using System.Collections.Concurrent;
using FastFormatters.Buffers;
using FastFormatters.Negotiation;
using FastFormatters.Verification;

namespace FastFormatters.Serialization;

/// <summary>
/// One wire format over <see cref="FastFormattersSerializer"/>'s public API: what every format has in common. A
/// format adds how its verify mode compares and, for MessagePack, the compression a request may ask for.
/// </summary>
internal abstract class FormatSerializer : IFormatSerializer, IVerifiedFormat
{
    private readonly ConcurrentDictionary<Type, SizeEstimate> _sizeEstimates;

    protected FormatSerializer(FastFormattersSerializer serializer, FastFormat format, FormatDefinition definition, FormatOptions options, ResponseVerifier? verifier)
    {
        Serializer = serializer;
        Format = format;
        Definition = definition;
        MaxRequestBodySize = options.MaxRequestBodySize;
        Verifier = verifier;
        _sizeEstimates = new();
        Sequences = new SequenceWriters(serializer, format);
    }

    /// <summary>The same format written by <paramref name="serializer"/>, sharing the size estimates and sequence writers.</summary>
    protected FormatSerializer(FormatSerializer source, FastFormattersSerializer serializer)
    {
        Serializer = serializer;
        Format = source.Format;
        Definition = source.Definition;
        MaxRequestBodySize = source.MaxRequestBodySize;
        Verifier = source.Verifier;
        _sizeEstimates = source._sizeEstimates;
        Sequences = source.Sequences;
    }

    protected FastFormattersSerializer Serializer { get; }

    protected FastFormat Format { get; }

    public FormatDefinition Definition { get; }

    public long? MaxRequestBodySize { get; }

    public abstract bool IsUtf8Text { get; }

    public ResponseVerifier? Verifier { get; }

    public SequenceWriters Sequences { get; }

    public virtual bool CanStreamSequences => true;

    public bool SequenceNeedsCount => FastFormattersSerializer.SequenceNeedsCount(Format);

    public virtual bool SendsComparedBody => true;

    public virtual IFormatSerializer PrepareResponse(Microsoft.AspNetCore.Http.HttpContext httpContext) => this;

    public Type SelectWriteType(Type? declaredType, object? value) => Serializer.GetWriteType(Format, declaredType, value);

    public bool CanWrite(Type type) => Serializer.CanSerialize(Format, type);

    public bool CanRead(Type type) => Serializer.CanDeserialize(Format, type);

    public string? Refusal(Type type, bool reading) => Serializer.GetUnsupportedReason(Format, type, reading);

    public SizeEstimate GetSizeEstimate(Type type) => _sizeEstimates.GetOrAdd(type, static _ => new SizeEstimate());

    public void Serialize(IBufferWriter<byte> output, object? value, Type type)
    {
        if (Verifier is { } verifier && verifier.Intercepts(type))
        {
            verifier.Serialize(output, value, type, this);
            return;
        }

        Serializer.Serialize(Format, output, value, type);
    }

    public object? Deserialize(ReadOnlySpan<byte> body, Type type) => Serializer.Deserialize(Format, body, type);

    public void WriteSequenceStart(IBufferWriter<byte> output, int count) => Serializer.WriteSequenceStart(Format, output, count);

    public void WriteSequenceItem<T>(IBufferWriter<byte> output, T item, bool first) => Serializer.SerializeSequenceElement(Format, output, item, first);

    public void WriteSequenceEnd(IBufferWriter<byte> output) => Serializer.WriteSequenceEnd(Format, output);

    public void SerializeOwn(IBufferWriter<byte> output, object? value, Type type) => Serializer.Serialize(Format, output, value, type);

    public virtual void SerializeForComparison(IBufferWriter<byte> output, object? value, Type type) => SerializeOwn(output, value, type);

    public abstract void WriteReference(IBufferWriter<byte> output, byte[] reference);
}
