using System.Text.Json.Nodes;
using FastFormatters.Serialization.Shapes;

namespace FastFormatters.Serialization.Composites;

/// <summary><c>T?</c>: null, or the value as its own converter writes it.</summary>
internal readonly struct NullableComposite<TCodec, TWriter, TReader, T> : IComposite<T?, TWriter, TReader>
    where TCodec : struct, IFormatCodec<TWriter, TReader>
    where TWriter : allows ref struct
    where TReader : allows ref struct
    where T : struct
{
    private readonly ValueConverter<T, TWriter, TReader> _value;

    public NullableComposite(ValueConverter<T> value) => _value = TCodec.Served(value);

    public string? ReadUnsupportedReason => null;

    public bool IsPolymorphic => false;

    public JsonObject DescribeSchema(SchemaBuilder schema) => SchemaBuilder.OrNull(_value.DescribeSchema(schema));

    public TResult? VisitStreamedElement<TResult>(ITypeVisitor<TResult> visitor)
        where TResult : class
        => null;

    public void Write(ref TWriter writer, T? value)
    {
        if (value.HasValue)
        {
            _value.Write(ref writer, value.GetValueOrDefault());
        }
        else
        {
            TCodec.WriteNull(ref writer);
        }
    }

    public T? Read(ref TReader reader) => TCodec.TryReadNull(ref reader) ? null : _value.Read(ref reader);
}
