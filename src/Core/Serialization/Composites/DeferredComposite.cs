using System.Runtime.CompilerServices;
using System.Text.Json.Nodes;
using FastFormatters.Serialization.Shapes;

namespace FastFormatters.Serialization.Composites;

/// <summary>The converter of <typeparamref name="T"/> while it is being created, forwarding to it once it is (<see cref="DeferredTarget{T}"/>).</summary>
internal readonly struct DeferredComposite<TCodec, TWriter, TReader, T> : IComposite<T, TWriter, TReader>
    where TCodec : struct, IFormatCodec<TWriter, TReader>
    where TWriter : allows ref struct
    where TReader : allows ref struct
{
    private readonly DeferredTarget<T> _target;

    public DeferredComposite(DeferredTarget<T> target) => _target = target;

    public string? ReadUnsupportedReason => _target.Converter?.ReadUnsupportedReason;

    public bool IsPolymorphic => _target.Converter?.IsPolymorphic ?? false;

    public JsonObject DescribeSchema(SchemaBuilder schema) => _target.Converter!.DescribeSchema(schema);

    public TResult? VisitStreamedElement<TResult>(ITypeVisitor<TResult> visitor)
        where TResult : class
        => _target.Converter!.VisitStreamedElement(visitor);

    // The resolver completed the target with a converter of this codec's family: no cast per value.
    public void Write(ref TWriter writer, T value) => Unsafe.As<ValueConverter<T, TWriter, TReader>>(_target.Converter!).Write(ref writer, value);

    public T Read(ref TReader reader) => Unsafe.As<ValueConverter<T, TWriter, TReader>>(_target.Converter!).Read(ref reader);
}
