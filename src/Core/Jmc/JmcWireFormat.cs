using System.Buffers;
using FastFormatters.Serialization;
using FastFormatters.Serialization.Shapes;

namespace FastFormatters.Jmc;

/// <summary>
/// JMC1 (<c>application/jsonc</c>): the JSON of its serializer's options with the JMC1 header and length comments,
/// bytes that take no charset: <see cref="FastFormattersSerializer.Jsonc"/>. A top-level array states its count first,
/// or, streamed, goes without it.
/// </summary>
public sealed class JmcWireFormat : WireFormat
{
    private readonly FastSerializer _serializer;
    // The same converters and contract as the JSON's: what JMC1 can write and how it is described are the JSON's.
    private readonly Json.JsonWireFormat _json;
    private readonly long? _maxRequestBodySize;

    internal JmcWireFormat(FastSerializer serializer, Json.JsonWireFormat json, FormatOptions options)
        : base(JmcFormat.Definition)
    {
        _serializer = serializer;
        _json = json;
        _maxRequestBodySize = options.MaxRequestBodySize;
    }

    /// <inheritdoc />
    public override bool IsUtf8Text => false;

    /// <inheritdoc />
    public override long? MaxRequestBodySize => _maxRequestBodySize;

    /// <inheritdoc />
    public override bool SequenceNeedsCount => true;

    /// <inheritdoc />
    public override Type GetWriteType(Type? declaredType, object? value) => _json.GetWriteType(declaredType, value);

    /// <inheritdoc />
    public override bool CanSerialize(Type type) => _json.CanSerialize(type);

    /// <inheritdoc />
    public override bool CanDeserialize(Type type) => _json.CanDeserialize(type);

    /// <inheritdoc />
    public override string? GetUnsupportedReason(Type type, bool deserializing) => _json.GetUnsupportedReason(type, deserializing);

    /// <inheritdoc />
    public override void Serialize<T>(IBufferWriter<byte> output, T value)
    {
        ArgumentNullException.ThrowIfNull(output);
        _serializer.SerializeJmc(output, value);
    }

    /// <inheritdoc />
    public override void Serialize(IBufferWriter<byte> output, object? value, Type type)
    {
        ArgumentNullException.ThrowIfNull(output);
        ArgumentNullException.ThrowIfNull(type);
        _serializer.SerializeJmc(output, value, type);
    }

    /// <inheritdoc />
    public override T Deserialize<T>(ReadOnlySpan<byte> data) => _serializer.DeserializeJmc<T>(data);

    /// <inheritdoc />
    public override object? Deserialize(ReadOnlySpan<byte> data, Type type)
    {
        ArgumentNullException.ThrowIfNull(type);
        return _serializer.DeserializeJmc(data, type);
    }

    /// <inheritdoc />
    /// <remarks>The JSON's schemas: JMC1 carries the same data.</remarks>
    public override JsonSchemaSet CreateJsonSchemaSet(string definitionNameSuffix = "") => _json.CreateJsonSchemaSet(definitionNameSuffix);

    /// <inheritdoc />
    public override TResult? VisitSequenceElementType<TResult>(Type type, ITypeVisitor<TResult> visitor)
        where TResult : class
        => _json.VisitSequenceElementType(type, visitor);

    /// <inheritdoc />
    protected override SequenceWriter<T> CreateSequenceWriterCore<T>(int count) => new JmcSequenceWriter<T>(_serializer, count);

    // The header, the count comment when the count is known, then the JSON array.
    private sealed class JmcSequenceWriter<T>(FastSerializer serializer, int count) : SequenceWriter<T>(count)
    {
        protected override void WriteHeader(IBufferWriter<byte> output)
        {
            output.Write(Jmc1.Header);
            if (Jmc1.CanEncode(Count))
            {
                Jmc1.WriteComment(output.GetSpan(Jmc1.CommentLength), Count);
                output.Advance(Jmc1.CommentLength);
            }

            output.Write("["u8);
        }

        protected override void WriteElement(IBufferWriter<byte> output, T value, int index)
        {
            if (index > 0)
            {
                output.Write(","u8);
            }

            serializer.SerializeTextElement(output, value, jmc: true);
        }

        protected override void WriteFooter(IBufferWriter<byte> output) => output.Write("]"u8);
    }
}
