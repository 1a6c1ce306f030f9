using System.Text.Json.Nodes;
using FastFormatters.Serialization.Shapes;
using FastFormatters.Serialization.Values;

namespace FastFormatters.Serialization.Composites;

/// <summary>
/// A <see cref="JsonNode"/> or one of its kinds (<see cref="JsonObject"/>, <see cref="JsonArray"/>,
/// <see cref="JsonValue"/>), as its tree (<see cref="Documents{TCodec, TWriter, TReader}"/>); a value of another kind
/// than the declared one is an error. Null is a null node, as System.Text.Json reads it.
/// </summary>
internal readonly struct JsonNodeComposite<TCodec, TWriter, TReader, TNode> : IComposite<TNode?, TWriter, TReader>
    where TCodec : struct, IFormatCodec<TWriter, TReader>
    where TWriter : allows ref struct
    where TReader : allows ref struct
    where TNode : JsonNode
{
    private readonly ValueConverter<object?>? _values;

    /// <param name="values">The format's converter of values typed object, where it reads documents through them (<see cref="IFormatCodec{TWriter, TReader}.ReadDocument"/>).</param>
    public JsonNodeComposite(ValueConverter<object?>? values) => _values = values;

    public string? ReadUnsupportedReason => null;

    public bool IsPolymorphic => false;

    public JsonObject DescribeSchema(SchemaBuilder schema) => JsonDocuments.DescribeNode<TNode>();

    public TResult? VisitStreamedElement<TResult>(ITypeVisitor<TResult> visitor)
        where TResult : class
        => null;

    public void Write(ref TWriter writer, TNode? value)
    {
        if (value is null)
        {
            TCodec.WriteNull(ref writer);
            return;
        }

        using var document = JsonDocuments.ToDocument(value);
        Documents<TCodec, TWriter, TReader>.Write(ref writer, document.RootElement);
    }

    public TNode? Read(ref TReader reader)
    {
        if (TCodec.TryReadNull(ref reader))
        {
            return null;
        }

        using var document = TCodec.ReadDocument(ref reader, _values);
        return JsonDocuments.ToNode<TNode>(document.RootElement) ?? throw TCodec.Error(ref reader, $"Expected a {typeof(TNode).Name}.");
    }
}
