using System.Runtime.InteropServices;
using System.Text.Json.Nodes;
using FastFormatters.Serialization.Shapes;

namespace FastFormatters.Serialization.Composites;

/// <summary><c>List&lt;T&gt;</c>, an array of its elements, written from the list's own storage.</summary>
internal readonly struct ListComposite<TCodec, TWriter, TReader, T> : IComposite<List<T>?, TWriter, TReader>
    where TCodec : struct, IFormatCodec<TWriter, TReader>
    where TWriter : allows ref struct
    where TReader : allows ref struct
{
    private readonly ValueConverter<T, TWriter, TReader> _element;

    public ListComposite(ValueConverter<T> element) => _element = TCodec.Served(element);

    public string? ReadUnsupportedReason => _element.ReadUnsupportedReason;

    public bool IsPolymorphic => false;

    public JsonObject DescribeSchema(SchemaBuilder schema) => new() { ["type"] = "array", ["items"] = _element.DescribeSchema(schema) };

    public TResult? VisitStreamedElement<TResult>(ITypeVisitor<TResult> visitor)
        where TResult : class
        => visitor.Visit<T>();

    public void Write(ref TWriter writer, List<T>? value)
    {
        if (value is null)
        {
            TCodec.WriteNull(ref writer);
            return;
        }

        // The loop is here rather than in Sequences: in code shared over reference types the JIT does not inline a
        // generic method, and each list then paid a dictionary lookup and a call (about 4 % of a MessagePack write of
        // the CITM catalog).
        var items = CollectionsMarshal.AsSpan(value);
        var element = _element;
        TCodec.WriteBeginArray(ref writer, items.Length);
        foreach (var item in items)
        {
            element.Write(ref writer, item);
        }

        TCodec.WriteEndArray(ref writer);
    }

    public List<T>? Read(ref TReader reader)
        => TCodec.TryReadNull(ref reader) ? null : Sequences<TCodec, TWriter, TReader>.ReadList(ref reader, _element);
}
