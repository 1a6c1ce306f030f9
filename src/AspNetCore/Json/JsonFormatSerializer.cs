using System.Buffers;
using System.Collections.Concurrent;
using FastFormatters.Buffers;
using FastFormatters.Negotiation;
using FastFormatters.Serialization;
using FastFormatters.Verification;

namespace FastFormatters.Json;

/// <summary>The JSON format over the shared converters.</summary>
internal sealed class JsonFormatSerializer : IFormatSerializer, IVerifiedFormat
{
    private readonly FastSerializer _serializer;
    private readonly ConcurrentDictionary<Type, SizeEstimate> _sizeEstimates = new();

    public JsonFormatSerializer(FastSerializer serializer, ResponseVerifier? verifier = null)
    {
        _serializer = serializer;
        Verifier = verifier;
        MaxRequestBodySize = serializer.Settings.GetMaxRequestBodySize(Definition.Name);
        Sequences = new SequenceWriters(serializer.JsonResolver);
    }

    public FormatDefinition Definition => JsonFormat.Definition;

    public long? MaxRequestBodySize { get; }

    public bool IsUtf8Text => true;

    public Type SelectWriteType(Type? declaredType, object? value) => _serializer.JsonResolver.SelectWriteType(declaredType, value);

    public bool CanWrite(Type type) => _serializer.JsonResolver.CanWrite(type);

    public bool CanRead(Type type) => _serializer.JsonResolver.CanRead(type);

    public string? Refusal(Type type, bool reading) => _serializer.JsonResolver.Refusal(type, reading);

    public SequenceWriters Sequences { get; }

    public SizeEstimate GetSizeEstimate(Type type) => _sizeEstimates.GetOrAdd(type, static _ => new SizeEstimate());

    public ResponseVerifier? Verifier { get; }

    public void Serialize(IBufferWriter<byte> output, object? value, Type type)
    {
        if (Verifier is { } verifier && verifier.Intercepts(type))
        {
            verifier.Serialize(output, value, type, this);
            return;
        }

        _serializer.SerializeJson(output, value, type);
    }

    void IVerifiedFormat.SerializeOwn(IBufferWriter<byte> output, object? value, Type type) => _serializer.SerializeJson(output, value, type);

    void IVerifiedFormat.SerializeForComparison(IBufferWriter<byte> output, object? value, Type type) => _serializer.SerializeJson(output, value, type);

    bool IVerifiedFormat.SendsComparedBody => true;

    void IVerifiedFormat.WriteReference(IBufferWriter<byte> output, byte[] reference) => output.Write(reference);

    public object? Deserialize(ReadOnlySpan<byte> body, Type type) => _serializer.DeserializeJson(body, type);

    public bool SequenceNeedsCount => false;

    public bool CanStreamSequences => true;

    public void WriteSequenceStart(IBufferWriter<byte> output, int count) => output.Write("["u8);

    public void WriteSequenceItem<T>(IBufferWriter<byte> output, T item, bool first)
    {
        if (!first)
        {
            output.Write(","u8);
        }

        _serializer.SerializeTextElement(output, item, jmc: false);
    }

    public void WriteSequenceEnd(IBufferWriter<byte> output) => output.Write("]"u8);
}
