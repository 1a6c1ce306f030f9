using System.Text.Json.Nodes;
using FastFormatters.Serialization.Shapes;

namespace FastFormatters.Serialization.Composites;

/// <summary><c>T[]</c>, an array of its elements.</summary>
internal readonly struct ArrayComposite<TCodec, TWriter, TReader, T> : IComposite<T[]?, TWriter, TReader>
    where TCodec : struct, IFormatCodec<TWriter, TReader>
    where TWriter : allows ref struct
    where TReader : allows ref struct
{
    private readonly ValueConverter<T, TWriter, TReader> _element;

    public ArrayComposite(ValueConverter<T> element) => _element = TCodec.Served(element);

    public string? ReadUnsupportedReason => _element.ReadUnsupportedReason;

    public bool IsPolymorphic => false;

    public JsonObject DescribeSchema(SchemaBuilder schema) => new() { ["type"] = "array", ["items"] = _element.DescribeSchema(schema) };

    public TResult? VisitStreamedElement<TResult>(ITypeVisitor<TResult> visitor)
        where TResult : class
        => visitor.Visit<T>();

    public void Write(ref TWriter writer, T[]? value)
    {
        if (value is null)
        {
            TCodec.WriteNull(ref writer);
            return;
        }

        // The loop is here rather than in Sequences, as in ListComposite.
        var element = _element;
        TCodec.WriteBeginArray(ref writer, value.Length);
        foreach (var item in value)
        {
            element.Write(ref writer, item);
        }

        TCodec.WriteEndArray(ref writer);
    }

    public T[]? Read(ref TReader reader)
        => TCodec.TryReadNull(ref reader) ? null : Sequences<TCodec, TWriter, TReader>.ReadArray(ref reader, _element);
}
