using System.Text.Json.Nodes;
using FastFormatters.Serialization;
using FastFormatters.Serialization.Shapes;

namespace FastFormatters.MessagePack.Converters;

/// <summary>A collection written by its own converter and read through another (System.Text.Json, which can create it).</summary>
internal sealed class MessagePackReadThroughConverter<T> : MessagePackValueConverter<T>
{
    private readonly MessagePackValueConverter<T> _writer;
    private readonly MessagePackValueConverter<T> _reader;

    public MessagePackReadThroughConverter(ValueConverter<T> writer, ValueConverter<T> reader)
    {
        _writer = (MessagePackValueConverter<T>)writer;
        _reader = (MessagePackValueConverter<T>)reader;
    }

    internal override JsonObject DescribeSchema(SchemaBuilder schema) => _writer.DescribeSchema(schema);

    internal override string? ReadUnsupportedReason => _reader.ReadUnsupportedReason;

    internal override TResult? VisitStreamedElement<TResult>(ITypeVisitor<TResult> visitor)
        where TResult : class
        => _writer.VisitStreamedElement(visitor);

    public override void Write(ref FastMessagePackWriter writer, T value) => _writer.Write(ref writer, value);

    public override T Read(ref FastMessagePackReader reader) => _reader.Read(ref reader);
}
