using System.Text.Json;
using System.Text.Json.Nodes;
using FastFormatters.Serialization.Shapes;

namespace FastFormatters.Serialization.Composites;

/// <summary>
/// A <see cref="JsonElement"/> and a <see cref="JsonDocument"/> (null as null): the tree of an element
/// (<see cref="Documents{TCodec, TWriter, TReader}"/>), read into a document of its own.
/// </summary>
internal readonly struct JsonDocumentComposite<TCodec, TWriter, TReader> : IComposite<JsonElement, TWriter, TReader>, IComposite<JsonDocument?, TWriter, TReader>
    where TCodec : struct, IFormatCodec<TWriter, TReader>
    where TWriter : allows ref struct
    where TReader : allows ref struct
{
    private readonly ValueConverter<object?>? _values;

    /// <param name="values">The format's converter of values typed object, where it reads documents through them (<see cref="IFormatCodec{TWriter, TReader}.ReadDocument"/>).</param>
    public JsonDocumentComposite(ValueConverter<object?>? values) => _values = values;

    public string? ReadUnsupportedReason => null;

    public bool IsPolymorphic => false;

    public JsonObject DescribeSchema(SchemaBuilder schema) => [];

    public TResult? VisitStreamedElement<TResult>(ITypeVisitor<TResult> visitor)
        where TResult : class
        => null;

    public void Write(ref TWriter writer, JsonElement value) => Documents<TCodec, TWriter, TReader>.Write(ref writer, value);

    public void Write(ref TWriter writer, JsonDocument? value)
    {
        if (value is null)
        {
            TCodec.WriteNull(ref writer);
            return;
        }

        Documents<TCodec, TWriter, TReader>.Write(ref writer, value.RootElement);
    }

    JsonElement IComposite<JsonElement, TWriter, TReader>.Read(ref TReader reader)
    {
        using var document = TCodec.ReadDocument(ref reader, _values);
        return document.RootElement.Clone();
    }

    JsonDocument? IComposite<JsonDocument?, TWriter, TReader>.Read(ref TReader reader)
        => TCodec.TryReadNull(ref reader) ? null : TCodec.ReadDocument(ref reader, _values);
}
