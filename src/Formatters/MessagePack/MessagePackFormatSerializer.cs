using System.Buffers;
using System.Collections.Concurrent;
using FastFormatters.Buffers;
using FastFormatters.Negotiation;
using FastFormatters.Serialization;

namespace FastFormatters.MessagePack;

/// <summary>The MessagePack format over the shared converters.</summary>
internal sealed class MessagePackFormatSerializer : IFormatSerializer
{
    private readonly FastSerializer _serializer;
    private readonly ConcurrentDictionary<Type, SizeEstimate> _sizeEstimates = new();

    public MessagePackFormatSerializer(FastSerializer serializer)
    {
        _serializer = serializer;
        MaxRequestBodySize = serializer.Settings.GetMaxRequestBodySize(Definition.Name);
    }

    public FormatDefinition Definition => MessagePackFormat.Definition;

    public long? MaxRequestBodySize { get; }

    public bool IsUtf8Text => false;

    public bool CanWrite(Type type) => _serializer.Resolver.CanWrite(type);

    public bool CanRead(Type type) => _serializer.Resolver.CanRead(type);

    public SizeEstimate GetSizeEstimate(Type type) => _sizeEstimates.GetOrAdd(type, static _ => new SizeEstimate());

    public void Serialize(IBufferWriter<byte> output, object? value, Type type) => _serializer.SerializeMessagePack(output, value, type);

    public object? Deserialize(ReadOnlySpan<byte> body, Type type) => _serializer.DeserializeMessagePack(body, type);

    public bool SequenceNeedsCount => true;

    /// <summary>A compressed response is framed as a whole (block lengths first), so it cannot be streamed.</summary>
    public bool CanStreamSequences => _serializer.Settings.MessagePackCompression == MessagePackCompression.None;

    public void WriteSequenceStart(IBufferWriter<byte> output, int count)
    {
        var writer = new MessagePackWriter(output, maxDepth: 1);
        writer.WriteArrayHeader(count);
        writer.Flush();
    }

    public void WriteSequenceItem<T>(IBufferWriter<byte> output, T item, bool first) => _serializer.SerializeMessagePackElement(output, item);

    public void WriteSequenceEnd(IBufferWriter<byte> output)
    {
    }
}
