using System.Buffers;
using FastFormatters.Serialization;
using FastFormatters.Serialization.Shapes;

namespace FastFormatters.Json;

/// <summary>
/// JSON (RFC 8259, UTF-8) under the JSON contract of its serializer's options: <see cref="FastFormattersSerializer.Json"/>.
/// A top-level sequence is one array, streamed or not.
/// </summary>
public sealed class JsonWireFormat : WireFormat
{
    private readonly FastSerializer _serializer;
    private readonly long? _maxRequestBodySize;

    internal JsonWireFormat(FastSerializer serializer, FormatOptions options)
        : base(JsonFormat.Definition)
    {
        _serializer = serializer;
        _maxRequestBodySize = options.MaxRequestBodySize;
    }

    /// <inheritdoc />
    public override bool IsUtf8Text => true;

    /// <inheritdoc />
    public override long? MaxRequestBodySize => _maxRequestBodySize;

    /// <inheritdoc />
    /// <remarks>The declared type of a <c>[JsonPolymorphic]</c> type, whose discriminator is then written.</remarks>
    public override Type GetWriteType(Type? declaredType, object? value) => _serializer.JsonResolver.SelectWriteType(declaredType, value);

    /// <inheritdoc />
    public override bool CanSerialize(Type type)
    {
        ArgumentNullException.ThrowIfNull(type);
        return _serializer.JsonResolver.CanWrite(type);
    }

    /// <inheritdoc />
    public override bool CanDeserialize(Type type)
    {
        ArgumentNullException.ThrowIfNull(type);
        return _serializer.JsonResolver.CanRead(type);
    }

    /// <inheritdoc />
    public override string? GetUnsupportedReason(Type type, bool deserializing)
    {
        ArgumentNullException.ThrowIfNull(type);
        return _serializer.JsonResolver.Refusal(type, deserializing);
    }

    /// <inheritdoc />
    public override void Serialize<T>(IBufferWriter<byte> output, T value)
    {
        ArgumentNullException.ThrowIfNull(output);
        _serializer.SerializeJson(output, value);
    }

    /// <inheritdoc />
    public override void Serialize(IBufferWriter<byte> output, object? value, Type type)
    {
        ArgumentNullException.ThrowIfNull(output);
        ArgumentNullException.ThrowIfNull(type);
        _serializer.SerializeJson(output, value, type);
    }

    /// <inheritdoc />
    public override T Deserialize<T>(ReadOnlySpan<byte> data) => _serializer.DeserializeJson<T>(data);

    /// <inheritdoc />
    public override object? Deserialize(ReadOnlySpan<byte> data, Type type)
    {
        ArgumentNullException.ThrowIfNull(type);
        return _serializer.DeserializeJson(data, type);
    }

    /// <inheritdoc />
    /// <remarks>JMC1 carries the same data and has the same schemas.</remarks>
    public override JsonSchemaSet CreateJsonSchemaSet(string definitionNameSuffix = "")
    {
        ArgumentNullException.ThrowIfNull(definitionNameSuffix);
        return new(_serializer.CreateSchemaBuilder(messagePack: false, definitionNameSuffix));
    }

    /// <inheritdoc />
    public override TResult? VisitSequenceElementType<TResult>(Type type, ITypeVisitor<TResult> visitor)
        where TResult : class
    {
        ArgumentNullException.ThrowIfNull(type);
        ArgumentNullException.ThrowIfNull(visitor);
        return _serializer.JsonResolver.VisitStreamedElement(type, visitor);
    }

    /// <inheritdoc />
    protected override SequenceWriter<T> CreateSequenceWriterCore<T>(int count) => new JsonSequenceWriter<T>(_serializer, count);

    // An array, whatever the count: JSON never states it.
    private sealed class JsonSequenceWriter<T>(FastSerializer serializer, int count) : SequenceWriter<T>(count)
    {
        protected override void WriteHeader(IBufferWriter<byte> output) => output.Write("["u8);

        protected override void WriteElement(IBufferWriter<byte> output, T value, int index)
        {
            if (index > 0)
            {
                output.Write(","u8);
            }

            serializer.SerializeTextElement(output, value, jmc: false);
        }

        protected override void WriteFooter(IBufferWriter<byte> output) => output.Write("]"u8);
    }
}
