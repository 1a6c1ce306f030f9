using System.Text.Json.Nodes;
using FastFormatters.Serialization.Shapes;

namespace FastFormatters.Serialization.Composites;

/// <summary>A collection written by its own converter and read through another (System.Text.Json, which can create it).</summary>
internal readonly struct ReadThroughComposite<TCodec, TWriter, TReader, T> : IComposite<T, TWriter, TReader>
    where TCodec : struct, IFormatCodec<TWriter, TReader>
    where TWriter : allows ref struct
    where TReader : allows ref struct
{
    private readonly ValueConverter<T, TWriter, TReader> _writer;
    private readonly ValueConverter<T, TWriter, TReader> _reader;

    public ReadThroughComposite(ValueConverter<T> writer, ValueConverter<T> reader)
    {
        _writer = TCodec.Served(writer);
        _reader = TCodec.Served(reader);
    }

    public string? ReadUnsupportedReason => _reader.ReadUnsupportedReason;

    public bool IsPolymorphic => false;

    public JsonObject DescribeSchema(SchemaBuilder schema) => _writer.DescribeSchema(schema);

    public TResult? VisitStreamedElement<TResult>(ITypeVisitor<TResult> visitor)
        where TResult : class
        => _writer.VisitStreamedElement(visitor);

    public void Write(ref TWriter writer, T value) => _writer.Write(ref writer, value);

    public T Read(ref TReader reader) => _reader.Read(ref reader);
}
