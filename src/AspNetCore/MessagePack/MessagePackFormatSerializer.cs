using System.Buffers;
using System.Collections.Concurrent;
using FastFormatters.Buffers;
using FastFormatters.Negotiation;
using FastFormatters.Serialization;
using FastFormatters.Verification;
using Microsoft.AspNetCore.Http;

namespace FastFormatters.MessagePack;

/// <summary>
/// The MessagePack format over the MessagePack converters. One instance per compression: the server-wide one, and the
/// others a request may ask for (<see cref="MessagePackCompressionRequest"/>), which share the size estimates and the
/// sequence writers.
/// </summary>
internal sealed class MessagePackFormatSerializer : IFormatSerializer, IVerifiedFormat
{
    private readonly FastSerializer _serializer;
    private readonly ConcurrentDictionary<Type, SizeEstimate> _sizeEstimates;
    private readonly MessagePackCompressionMode _compression;
    private readonly MessagePackFormatSerializer[] _byCompression;

    public MessagePackFormatSerializer(FastSerializer serializer, ResponseVerifier? verifier = null)
    {
        _serializer = serializer;
        Verifier = verifier;
        _sizeEstimates = new();
        Sequences = new SequenceWriters(serializer.MessagePackResolver);
        _compression = serializer.Settings.MessagePackCompressionMode;
        MaxRequestBodySize = serializer.Settings.GetMaxRequestBodySize(Definition.Name);
        _byCompression = new MessagePackFormatSerializer[Enum.GetValues<MessagePackCompressionMode>().Length];
        foreach (var compression in Enum.GetValues<MessagePackCompressionMode>())
        {
            _byCompression[(int)compression] = compression == _compression ? this : new MessagePackFormatSerializer(this, compression);
        }
    }

    private MessagePackFormatSerializer(MessagePackFormatSerializer server, MessagePackCompressionMode compression)
    {
        _serializer = server._serializer;
        Verifier = server.Verifier;
        _sizeEstimates = server._sizeEstimates;
        Sequences = server.Sequences;
        _compression = compression;
        MaxRequestBodySize = server.MaxRequestBodySize;
        _byCompression = server._byCompression;
    }

    public FormatDefinition Definition => MessagePackFormat.Definition;

    public long? MaxRequestBodySize { get; }

    public bool IsUtf8Text => false;

    public IFormatSerializer PrepareResponse(HttpContext httpContext)
    {
        var chosen = _byCompression[(int)(MessagePackCompressionHeader.Read(httpContext.Request) ?? _compression)];
        var response = httpContext.Response;
        if (chosen._compression != MessagePackCompressionMode.None && !response.HasStarted && response.ContentType is { } contentType
            && !contentType.Contains(MessagePackCompressionRequest.ParameterName, StringComparison.OrdinalIgnoreCase))
        {
            response.ContentType = $"{contentType}; {MessagePackCompressionRequest.ParameterName}={MessagePackCompressionRequest.ToParameterValue(chosen._compression)}";
        }

        return chosen;
    }

    /// <summary>A union is written as declared, so its tag goes on the wire, as MessagePack-CSharp's formatter does.</summary>
    public Type SelectWriteType(Type? declaredType, object? value) => _serializer.MessagePackResolver.SelectWriteType(declaredType, value);

    public bool CanWrite(Type type) => _serializer.MessagePackResolver.CanWrite(type);

    public bool CanRead(Type type) => _serializer.MessagePackResolver.CanRead(type);

    public string? Refusal(Type type, bool reading) => _serializer.MessagePackResolver.Refusal(type, reading);

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

        _serializer.SerializeMessagePack(output, value, type, _compression);
    }

    void IVerifiedFormat.SerializeOwn(IBufferWriter<byte> output, object? value, Type type) => _serializer.SerializeMessagePack(output, value, type, _compression);

    void IVerifiedFormat.SerializeForComparison(IBufferWriter<byte> output, object? value, Type type)
        => _serializer.SerializeMessagePack(output, value, type, MessagePackCompressionMode.None);

    bool IVerifiedFormat.SendsComparedBody => _compression == MessagePackCompressionMode.None;

    /// <summary>The reference's MessagePack, compressed as this response is.</summary>
    void IVerifiedFormat.WriteReference(IBufferWriter<byte> output, byte[] reference) => FastSerializer.CompressMessagePack(reference, output, _compression);

    public object? Deserialize(ReadOnlySpan<byte> body, Type type) => _serializer.DeserializeMessagePack(body, type);

    public bool SequenceNeedsCount => true;

    /// <summary>A compressed response is framed as a whole (block lengths first), so it cannot be streamed.</summary>
    public bool CanStreamSequences => _compression == MessagePackCompressionMode.None;

    public void WriteSequenceStart(IBufferWriter<byte> output, int count)
    {
        var writer = new FastMessagePackWriter(output, maxDepth: 1);
        writer.WriteArrayHeader(count);
        writer.Flush();
    }

    public void WriteSequenceItem<T>(IBufferWriter<byte> output, T item, bool first) => _serializer.SerializeMessagePackElement(output, item);

    public void WriteSequenceEnd(IBufferWriter<byte> output)
    {
    }
}
