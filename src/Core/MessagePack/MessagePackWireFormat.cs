using System.Buffers;
using FastFormatters.Serialization;
using FastFormatters.Serialization.Shapes;

namespace FastFormatters.MessagePack;

/// <summary>
/// MessagePack under the MessagePack contract, compressed as <see cref="Compression"/> says:
/// <see cref="FastFormattersSerializer.MessagePack"/>, and its variants for other compressions
/// (<see cref="WithCompression"/>). A top-level array states its count first, or, streamed, its elements are consecutive
/// top-level values. A compressed body is framed as a whole, so it is never streamed (<see cref="CanStreamSequences"/>).
/// Reading accepts every compression, whatever the variant.
/// </summary>
public sealed class MessagePackWireFormat : WireFormat
{
    private readonly FastSerializer _serializer;
    private readonly long? _maxRequestBodySize;
    // One format per compression, indexed by it, shared by all of them.
    private readonly MessagePackWireFormat[] _byCompression;

    internal MessagePackWireFormat(FastSerializer serializer, MessagePackOptions options)
        : base(MessagePackFormat.Definition)
    {
        _serializer = serializer;
        _maxRequestBodySize = options.MaxRequestBodySize;
        Compression = serializer.Settings.MessagePackCompressionMode;
        _byCompression = new MessagePackWireFormat[Enum.GetValues<MessagePackCompressionMode>().Length];
        foreach (var compression in Enum.GetValues<MessagePackCompressionMode>())
        {
            _byCompression[(int)compression] = compression == Compression ? this : new MessagePackWireFormat(this, compression);
        }
    }

    private MessagePackWireFormat(MessagePackWireFormat source, MessagePackCompressionMode compression)
        : base(MessagePackFormat.Definition)
    {
        _serializer = source._serializer;
        _maxRequestBodySize = source._maxRequestBodySize;
        _byCompression = source._byCompression;
        Compression = compression;
    }

    /// <summary>How bodies are written: <see cref="MessagePackOptions.Compression"/>, unless this is a variant of <see cref="WithCompression"/>.</summary>
    public MessagePackCompressionMode Compression { get; }

    /// <inheritdoc />
    public override bool IsUtf8Text => false;

    /// <inheritdoc />
    public override long? MaxRequestBodySize => _maxRequestBodySize;

    /// <inheritdoc />
    public override bool SequenceNeedsCount => true;

    /// <inheritdoc />
    /// <remarks>False when compressed: the block lengths come first.</remarks>
    public override bool CanStreamSequences => Compression == MessagePackCompressionMode.None;

    /// <summary>
    /// This format writing compressed as <paramref name="compression"/> says, its converters shared: for a response whose
    /// client asked for a compression of its own. The same object for the same compression.
    /// </summary>
    public MessagePackWireFormat WithCompression(MessagePackCompressionMode compression)
        => Enum.IsDefined(compression) ? _byCompression[(int)compression] : throw new ArgumentOutOfRangeException(nameof(compression), compression, null);

    /// <summary>
    /// Writes the uncompressed MessagePack in <paramref name="messagePack"/> compressed as <see cref="Compression"/> says,
    /// in the framing MessagePack-CSharp reads: a payload serialized once and sent to clients that asked for different
    /// compressions, say.
    /// </summary>
    public void Compress(ReadOnlySpan<byte> messagePack, IBufferWriter<byte> output)
    {
        ArgumentNullException.ThrowIfNull(output);
        FastSerializer.CompressMessagePack(messagePack, output, Compression);
    }

    /// <inheritdoc />
    /// <remarks>The declared type of a MessagePack union, whose discriminator is then written.</remarks>
    public override Type GetWriteType(Type? declaredType, object? value) => _serializer.MessagePackResolver.SelectWriteType(declaredType, value);

    /// <inheritdoc />
    public override bool CanSerialize(Type type)
    {
        ArgumentNullException.ThrowIfNull(type);
        return _serializer.MessagePackResolver.CanWrite(type);
    }

    /// <inheritdoc />
    public override bool CanDeserialize(Type type)
    {
        ArgumentNullException.ThrowIfNull(type);
        return _serializer.MessagePackResolver.CanRead(type);
    }

    /// <inheritdoc />
    public override string? GetUnsupportedReason(Type type, bool deserializing)
    {
        ArgumentNullException.ThrowIfNull(type);
        return _serializer.MessagePackResolver.Refusal(type, deserializing);
    }

    /// <inheritdoc />
    public override void Serialize<T>(IBufferWriter<byte> output, T value)
    {
        ArgumentNullException.ThrowIfNull(output);
        _serializer.SerializeMessagePack(output, value, Compression);
    }

    /// <inheritdoc />
    public override void Serialize(IBufferWriter<byte> output, object? value, Type type)
    {
        ArgumentNullException.ThrowIfNull(output);
        ArgumentNullException.ThrowIfNull(type);
        _serializer.SerializeMessagePack(output, value, type, Compression);
    }

    /// <inheritdoc />
    public override T Deserialize<T>(ReadOnlySpan<byte> data) => _serializer.DeserializeMessagePack<T>(data);

    /// <inheritdoc />
    public override object? Deserialize(ReadOnlySpan<byte> data, Type type)
    {
        ArgumentNullException.ThrowIfNull(type);
        return _serializer.DeserializeMessagePack(data, type);
    }

    /// <inheritdoc />
    /// <remarks>Described decoded: maps as objects with text keys, binary as base64 text, timestamps as date-time text.</remarks>
    public override JsonSchemaSet CreateJsonSchemaSet(string definitionNameSuffix = "")
    {
        ArgumentNullException.ThrowIfNull(definitionNameSuffix);
        return new(_serializer.CreateSchemaBuilder(messagePack: true, definitionNameSuffix));
    }

    /// <inheritdoc />
    public override TResult? VisitSequenceElementType<TResult>(Type type, ITypeVisitor<TResult> visitor)
        where TResult : class
    {
        ArgumentNullException.ThrowIfNull(type);
        ArgumentNullException.ThrowIfNull(visitor);
        return _serializer.MessagePackResolver.VisitStreamedElement(type, visitor);
    }

    /// <inheritdoc />
    protected override SequenceWriter<T> CreateSequenceWriterCore<T>(int count) => new MessagePackSequenceWriter<T>(_serializer, count);

    // The array header when the count is known; else the elements as consecutive top-level values. Nothing closes it.
    private sealed class MessagePackSequenceWriter<T>(FastSerializer serializer, int count) : SequenceWriter<T>(count)
    {
        protected override void WriteHeader(IBufferWriter<byte> output)
        {
            if (Count >= 0)
            {
                var writer = new FastMessagePackWriter(output, maxDepth: 1);
                writer.WriteArrayHeader(Count);
                writer.Flush();
            }
        }

        protected override void WriteElement(IBufferWriter<byte> output, T value, int index) => serializer.SerializeMessagePackElement(output, value);
    }
}
