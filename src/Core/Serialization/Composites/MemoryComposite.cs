using System.Runtime.CompilerServices;
using System.Text.Json.Nodes;
using FastFormatters.Serialization.Shapes;

namespace FastFormatters.Serialization.Composites;

/// <summary>
/// <see cref="Memory{T}"/> or <see cref="ReadOnlyMemory{T}"/> (<typeparamref name="TMemory"/>), an array of its
/// elements, as System.Text.Json and MessagePack-CSharp write it: an empty one (<c>default</c> too) as an empty array, and
/// a null read as an empty one.
/// </summary>
internal readonly struct MemoryComposite<TCodec, TWriter, TReader, TMemory, T> : IComposite<TMemory, TWriter, TReader>
    where TCodec : struct, IFormatCodec<TWriter, TReader>
    where TWriter : allows ref struct
    where TReader : allows ref struct
    where TMemory : struct
{
    private readonly ValueConverter<T, TWriter, TReader> _element;

    public MemoryComposite(ValueConverter<T> element) => _element = TCodec.Served(element);

    public string? ReadUnsupportedReason => _element.ReadUnsupportedReason;

    public bool IsPolymorphic => false;

    public JsonObject DescribeSchema(SchemaBuilder schema) => new() { ["type"] = "array", ["items"] = _element.DescribeSchema(schema) };

    // Not streamed: a memory is written whole from its span.
    public TResult? VisitStreamedElement<TResult>(ITypeVisitor<TResult> visitor)
        where TResult : class
        => null;

    // TMemory is Memory<T> or ReadOnlyMemory<T> (MemoryShape checks it), which have one layout: each is read as the
    // other as MemoryMarshal.AsMemory does.
    public void Write(ref TWriter writer, TMemory value)
        => Sequences<TCodec, TWriter, TReader>.Write<T>(ref writer, Unsafe.As<TMemory, ReadOnlyMemory<T>>(ref value).Span, _element);

    public TMemory Read(ref TReader reader)
    {
        ReadOnlyMemory<T> memory = TCodec.TryReadNull(ref reader) ? default : Sequences<TCodec, TWriter, TReader>.ReadArray(ref reader, _element);
        return Unsafe.As<ReadOnlyMemory<T>, TMemory>(ref memory);
    }
}
