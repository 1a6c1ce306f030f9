using System.Collections.Concurrent;
using FastFormatters.Serialization.Shapes;

namespace FastFormatters.Buffers;

/// <summary>
/// The <see cref="SequenceResponseWriter"/>s of one format, by type: a response body streams element by element only when the
/// format streams its type (<see cref="WireFormat.VisitSequenceElementType"/>), so the converter
/// precedence decides for a whole body as it does for a member, on the JIT and in Native AOT alike.
/// </summary>
internal sealed class SequenceResponseWriters(WireFormat format)
{
    // A type the resolver serves but does not stream, told apart from one it does not serve without asking it again.
    private static readonly SequenceResponseWriter s_writtenWhole = new SequenceResponseWriter<WrittenWhole>();

    private readonly ConcurrentDictionary<Type, SequenceResponseWriter?> _byType = new();
    private readonly ConcurrentDictionary<Type, WholeSequence> _wholeByElementType = new();

    /// <summary>
    /// The writer of a response body of <paramref name="runtimeType"/>, declared as <paramref name="declaredType"/>, or null
    /// when it is written whole. The runtime type decides when the resolver serves it; a type it does not serve (an
    /// iterator's class, which no shape describes) streams as its declared <see cref="IEnumerable{T}"/> or
    /// <see cref="IAsyncEnumerable{T}"/> does.
    /// </summary>
    /// <remarks>Asked on every response: the answer for each type, writer or none, is kept after the first.</remarks>
    public SequenceResponseWriter? For(Type runtimeType, Type? declaredType)
        => Find(runtimeType) switch
        {
            null => declaredType is not null && declaredType != runtimeType ? For(declaredType) : null,
            var writer when writer == s_writtenWhole => null,
            var writer => writer,
        };

    /// <summary>
    /// How a sequence whose <paramref name="writer"/> was found for <paramref name="runtimeType"/> or, failing that,
    /// <paramref name="declaredType"/> (<see cref="For(Type, Type?)"/>) is written when it is written whole.
    /// </summary>
    public WholeSequence Whole(SequenceResponseWriter writer, Type runtimeType, Type? declaredType)
        => _wholeByElementType.TryGetValue(writer.ElementType, out var whole) ? whole
            : _wholeByElementType.GetOrAdd(writer.ElementType, (format.VisitSequenceElementType(runtimeType, WholeOf.Instance)
                ?? format.VisitSequenceElementType(declaredType!, WholeOf.Instance))!);

    /// <summary>The writer of a response body of <paramref name="type"/>, or null when it is written whole.</summary>
    public SequenceResponseWriter? For(Type type) => Find(type) is var writer && writer == s_writtenWhole ? null : writer;

    // The writer; s_writtenWhole for a type the resolver serves and writes whole; null for one it does not serve.
    private SequenceResponseWriter? Find(Type type)
        => _byType.TryGetValue(type, out var writer) ? writer
            : _byType.GetOrAdd(type, format.VisitSequenceElementType(type, WriterOf.Instance) ?? (format.CanSerialize(type) ? s_writtenWhole : null));

    // The element type of s_writtenWhole, which writes nothing.
    private sealed class WrittenWhole;

    // Makes the writer of an element type, without reflection.
    private sealed class WriterOf : ITypeVisitor<SequenceResponseWriter>
    {
        public static readonly WriterOf Instance = new();

        public SequenceResponseWriter Visit<T>() => new SequenceResponseWriter<T>();
    }

    private sealed class WholeOf : ITypeVisitor<WholeSequence>
    {
        public static readonly WholeOf Instance = new();

        public WholeSequence Visit<T>() => new WholeSequence<T>();
    }
}
