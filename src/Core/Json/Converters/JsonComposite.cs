using System.Text.Json.Nodes;
using FastFormatters.Serialization;
using FastFormatters.Serialization.Composites;
using FastFormatters.Serialization.Shapes;

namespace FastFormatters.Json.Converters;

/// <summary>A composite (<see cref="IComposite{T, TWriter, TReader}"/>) as a JSON converter: it forwards each call to it.</summary>
internal sealed class JsonComposite<T, TComposite> : JsonValueConverter<T>
    where TComposite : struct, IComposite<T, FastJsonWriter, FastJsonReader>
{
    // Not readonly: a readonly field of a type parameter is copied before each call on it.
    private TComposite _composite;

    public JsonComposite(TComposite composite) => _composite = composite;

    internal override string? ReadUnsupportedReason => _composite.ReadUnsupportedReason;

    internal override bool IsPolymorphic => _composite.IsPolymorphic;

    internal override JsonObject DescribeSchema(SchemaBuilder schema) => _composite.DescribeSchema(schema);

    internal override TResult? VisitStreamedElement<TResult>(ITypeVisitor<TResult> visitor)
        where TResult : class
        => _composite.VisitStreamedElement(visitor);

    public override void Write(ref FastJsonWriter writer, T value) => _composite.Write(ref writer, value);

    public override T Read(ref FastJsonReader reader) => _composite.Read(ref reader);
}
