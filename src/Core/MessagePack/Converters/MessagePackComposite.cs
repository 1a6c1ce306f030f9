using System.Text.Json.Nodes;
using FastFormatters.Serialization;
using FastFormatters.Serialization.Composites;
using FastFormatters.Serialization.Shapes;

namespace FastFormatters.MessagePack.Converters;

/// <summary>A composite (<see cref="IComposite{T, TWriter, TReader}"/>) as a MessagePack converter: it forwards each call to it.</summary>
internal sealed class MessagePackComposite<T, TComposite> : MessagePackValueConverter<T>
    where TComposite : struct, IComposite<T, FastMessagePackWriter, FastMessagePackReader>
{
    // Not readonly: a readonly field of a type parameter is copied before each call on it.
    private TComposite _composite;

    public MessagePackComposite(TComposite composite) => _composite = composite;

    internal override string? ReadUnsupportedReason => _composite.ReadUnsupportedReason;

    internal override bool IsPolymorphic => _composite.IsPolymorphic;

    internal override JsonObject DescribeSchema(SchemaBuilder schema) => _composite.DescribeSchema(schema);

    internal override TResult? VisitStreamedElement<TResult>(ITypeVisitor<TResult> visitor)
        where TResult : class
        => _composite.VisitStreamedElement(visitor);

    public override void Write(ref FastMessagePackWriter writer, T value) => _composite.Write(ref writer, value);

    public override T Read(ref FastMessagePackReader reader) => _composite.Read(ref reader);
}
