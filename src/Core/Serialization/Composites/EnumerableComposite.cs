using System.Text.Json.Nodes;
using FastFormatters.Serialization.Shapes;
using FastFormatters.Serialization.Values;

namespace FastFormatters.Serialization.Composites;

/// <summary>Any other sequence: written by enumerating it; read as <see cref="CollectionFactory{TCollection, T}"/> says.</summary>
internal readonly struct EnumerableComposite<TCodec, TWriter, TReader, TCollection, T> : IComposite<TCollection?, TWriter, TReader>
    where TCodec : struct, IFormatCodec<TWriter, TReader>
    where TWriter : allows ref struct
    where TReader : allows ref struct
    where TCollection : IEnumerable<T>
{
    private readonly ValueConverter<T, TWriter, TReader> _element;
    private readonly CollectionFactory<TCollection, T> _factory;

    public EnumerableComposite(ValueConverter<T> element, Func<TCollection>? create)
    {
        _element = TCodec.Served(element);
        _factory = new(create, TCodec.StacksKeepTheirOrder);
    }

    public string? ReadUnsupportedReason => _factory.ReadUnsupportedReason ?? _element.ReadUnsupportedReason;

    public bool IsPolymorphic => false;

    public JsonObject DescribeSchema(SchemaBuilder schema)
        => CollectionFactory<TCollection, T>.Describe(new() { ["type"] = "array", ["items"] = _element.DescribeSchema(schema) });

    public TResult? VisitStreamedElement<TResult>(ITypeVisitor<TResult> visitor)
        where TResult : class
        => visitor.Visit<T>();

    public void Write(ref TWriter writer, TCollection? value)
    {
        if (CollectionFactory<TCollection, T>.IsNull(value))
        {
            TCodec.WriteNull(ref writer);
            return;
        }

        Sequences<TCodec, TWriter, TReader>.Write(ref writer, value, CollectionFactory<TCollection, T>.CountOf(value), _element);
    }

    public TCollection? Read(ref TReader reader)
        => TCodec.TryReadNull(ref reader)
            ? TCodec.NullCollection<TCollection>(ref reader)
            : _factory.FromList(Sequences<TCodec, TWriter, TReader>.ReadList(ref reader, _element));
}
