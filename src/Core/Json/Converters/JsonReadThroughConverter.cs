using System.Text.Json.Nodes;
using FastFormatters.Serialization;
using FastFormatters.Serialization.Shapes;

namespace FastFormatters.Json.Converters;

/// <summary>A collection written by its own converter and read through another (System.Text.Json, which can create it).</summary>
internal sealed class JsonReadThroughConverter<T> : JsonValueConverter<T>
{
    private readonly JsonValueConverter<T> _writer;
    private readonly JsonValueConverter<T> _reader;

    public JsonReadThroughConverter(ValueConverter<T> writer, ValueConverter<T> reader)
    {
        _writer = (JsonValueConverter<T>)writer;
        _reader = (JsonValueConverter<T>)reader;
    }

    internal override JsonObject DescribeSchema(SchemaBuilder schema) => _writer.DescribeSchema(schema);

    internal override string? ReadUnsupportedReason => _reader.ReadUnsupportedReason;

    internal override TResult? VisitStreamedElement<TResult>(ITypeVisitor<TResult> visitor)
        where TResult : class
        => _writer.VisitStreamedElement(visitor);

    public override void Write(ref FastJsonWriter writer, T value) => _writer.Write(ref writer, value);

    public override T Read(ref FastJsonReader reader) => _reader.Read(ref reader);
}
