using System.Buffers;
using System.Collections.Concurrent;
using FastFormatters.Buffers;
using FastFormatters.Negotiation;
using FastFormatters.Serialization;
using FastFormatters.Verification;

namespace FastFormatters.Jmc;

/// <summary>The JMC1 format over the shared converters: the JSON writer and reader in their JMC1 mode.</summary>
internal sealed class JmcFormatSerializer : IFormatSerializer, IVerifiedFormat
{
    private readonly FastSerializer _serializer;
    private readonly ConcurrentDictionary<Type, SizeEstimate> _sizeEstimates = new();

    public JmcFormatSerializer(FastSerializer serializer, ResponseVerifier? verifier = null)
    {
        _serializer = serializer;
        Verifier = verifier;
        MaxRequestBodySize = serializer.Settings.GetMaxRequestBodySize(Definition.Name);
        Sequences = new SequenceWriters(serializer.JsonResolver);
    }

    public FormatDefinition Definition => JmcFormat.Definition;

    /// <summary>JMC1 is bytes (its comments need not be valid UTF-8): no charset.</summary>
    public long? MaxRequestBodySize { get; }

    public bool IsUtf8Text => false;

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

        _serializer.SerializeJmc(output, value, type);
    }

    void IVerifiedFormat.SerializeOwn(IBufferWriter<byte> output, object? value, Type type) => _serializer.SerializeJmc(output, value, type);

    void IVerifiedFormat.SerializeForComparison(IBufferWriter<byte> output, object? value, Type type) => _serializer.SerializeJmc(output, value, type);

    bool IVerifiedFormat.SendsComparedBody => true;

    /// <summary>The reference's JSON, written as JMC1 with its count comments.</summary>
    void IVerifiedFormat.WriteReference(IBufferWriter<byte> output, byte[] reference)
    {
        using var document = System.Text.Json.JsonDocument.Parse(reference);
        _serializer.SerializeJmc(output, document.RootElement, typeof(System.Text.Json.JsonElement));
    }

    public object? Deserialize(ReadOnlySpan<byte> body, Type type) => _serializer.DeserializeJmc(body, type);

    public bool CanStreamSequences => true;

    /// <remarks>The array's count comment goes first, and a JMC1 reader may trust it: a sequence of unknown length is gathered.</remarks>
    public bool SequenceNeedsCount => true;

    /// <summary>The header, the array's count comment when it is known, and the bracket.</summary>
    public void WriteSequenceStart(IBufferWriter<byte> output, int count)
    {
        output.Write(Jmc1.Header);
        if (Jmc1.CanEncode(count))
        {
            Jmc1.WriteComment(output.GetSpan(Jmc1.CommentLength), count);
            output.Advance(Jmc1.CommentLength);
        }

        output.Write("["u8);
    }

    public void WriteSequenceItem<T>(IBufferWriter<byte> output, T item, bool first)
    {
        if (!first)
        {
            output.Write(","u8);
        }

        _serializer.SerializeTextElement(output, item, jmc: true);
    }

    public void WriteSequenceEnd(IBufferWriter<byte> output) => output.Write("]"u8);
}
