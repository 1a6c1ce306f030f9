using System.Buffers;
using FastFormatters.Negotiation;
using FastFormatters.Serialization.Shapes;

namespace FastFormatters;

/// <summary>
/// One wire format: its name and media types, how it writes and reads values, what it can write, how it is described in
/// OpenAPI, and how it writes a top-level sequence element by element. The object a host loops over, as MVC's
/// <c>OutputFormatter</c> or SignalR's <c>IHubProtocol</c>: ASP.NET Core's formatters, minimal-API results, negotiation
/// and OpenAPI documents work from the formats registered with them. <see cref="FastFormattersSerializer"/> has the
/// built-in ones (<see cref="FastFormattersSerializer.Json"/>, <see cref="FastFormattersSerializer.Jsonc"/>,
/// <see cref="FastFormattersSerializer.MessagePack"/>); a package adds another by deriving from this class, usually
/// over one of those.
/// </summary>
public abstract class WireFormat
{
    /// <param name="definition">The format's short name and media types.</param>
    protected WireFormat(FormatDefinition definition)
    {
        ArgumentNullException.ThrowIfNull(definition);
        Definition = definition;
    }

    /// <summary>The format's short name (the <c>?format=</c> value) and media types, canonical first.</summary>
    public FormatDefinition Definition { get; }

    /// <summary>
    /// Whether bodies in this format are UTF-8 text whose <c>Content-Type</c> says <c>charset=utf-8</c> (JSON), rather
    /// than bytes that take no charset (JMC1, MessagePack).
    /// </summary>
    public abstract bool IsUtf8Text { get; }

    /// <summary>The largest request body in this format, in bytes, or null when only the server's limit applies.</summary>
    public virtual long? MaxRequestBodySize => null;

    /// <summary>
    /// The type to write <paramref name="value"/>, declared as <paramref name="declaredType"/>, as: by default its
    /// runtime type, as System.Text.Json's formatter does; a format whose values may carry their subtype on the wire
    /// keeps the declared type where that writes the discriminator.
    /// </summary>
    public virtual Type GetWriteType(Type? declaredType, object? value) => value?.GetType() ?? declaredType ?? typeof(object);

    /// <summary>Whether values of <paramref name="type"/> can be written; never throws.</summary>
    public abstract bool CanSerialize(Type type);

    /// <summary>Whether values of <paramref name="type"/> can be read; never throws.</summary>
    public abstract bool CanDeserialize(Type type);

    /// <summary>
    /// Why <paramref name="type"/> cannot be written (or, when <paramref name="deserializing"/>, read), or null when it
    /// can; never throws. The text names the type and what to register for it.
    /// </summary>
    public abstract string? GetUnsupportedReason(Type type, bool deserializing);

    /// <summary>Writes <paramref name="value"/> as one whole body.</summary>
    public abstract void Serialize<T>(IBufferWriter<byte> output, T value);

    /// <summary>Writes <paramref name="value"/>, declared as <paramref name="type"/>, as one whole body.</summary>
    public abstract void Serialize(IBufferWriter<byte> output, object? value, Type type);

    /// <summary>Reads one <typeparamref name="T"/> from the whole of <paramref name="data"/>.</summary>
    /// <exception cref="FormatReadException">The data is not a valid <typeparamref name="T"/> in this format.</exception>
    public abstract T Deserialize<T>(ReadOnlySpan<byte> data);

    /// <summary>Reads one value of <paramref name="type"/> from the whole of <paramref name="data"/>.</summary>
    /// <exception cref="FormatReadException">The data is not a valid value of that type in this format.</exception>
    public abstract object? Deserialize(ReadOnlySpan<byte> data, Type type);

    /// <summary>
    /// A set of JSON Schemas of what this format writes, for an OpenAPI document, or null when the format is not
    /// described (the default): a host then leaves it out of the documented content rather than give it a wrong schema.
    /// </summary>
    /// <param name="definitionNameSuffix">Appended to every definition's name, so two formats' definitions can share a document.</param>
    public virtual JsonSchemaSet? CreateJsonSchemaSet(string definitionNameSuffix = "") => null;

    /// <summary>
    /// Whether a top-level array states its length before its first element (MessagePack's array header, JMC1's count
    /// comment): a host then gathers a sequence of unknown length before writing it, unless the client asked for the
    /// streamed form (<see cref="StreamedSequenceRequest"/>).
    /// </summary>
    public virtual bool SequenceNeedsCount => false;

    /// <summary>
    /// Whether top-level sequences may be written element by element (<see cref="CreateSequenceWriter{T}"/>); not when
    /// a body is framed as a whole, as a compressed MessagePack body is. A host then writes a sequence as one value.
    /// </summary>
    public virtual bool CanStreamSequences => true;

    /// <summary>
    /// Hands <paramref name="visitor"/> the element type of a top-level value of <paramref name="type"/> this format
    /// writes element by element (a built-in sequence: a list, an array, an <see cref="IEnumerable{T}"/>, an
    /// <see cref="IAsyncEnumerable{T}"/>), or returns null: for any other type, for a collection whose converter is its
    /// own and must be written whole, and by default.
    /// </summary>
    public virtual TResult? VisitSequenceElementType<TResult>(Type type, ITypeVisitor<TResult> visitor)
        where TResult : class
    {
        ArgumentNullException.ThrowIfNull(type);
        ArgumentNullException.ThrowIfNull(visitor);
        return null;
    }

    /// <summary>
    /// A writer of one top-level sequence of <paramref name="count"/> elements, or of unknown length (-1): the streamed
    /// form, which in a format whose arrays state their length (<see cref="SequenceNeedsCount"/>) differs from the whole
    /// array. Make one per body.
    /// </summary>
    /// <exception cref="InvalidOperationException">This format cannot stream sequences (<see cref="CanStreamSequences"/>).</exception>
    public SequenceWriter<T> CreateSequenceWriter<T>(int count)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(count, -1);
        if (!CanStreamSequences)
        {
            throw new InvalidOperationException($"The format '{Definition.Name}' writes its bodies whole (CanStreamSequences is false): write the sequence with Serialize.");
        }

        return CreateSequenceWriterCore<T>(count);
    }

    /// <summary>Makes the writer <see cref="CreateSequenceWriter{T}"/> returns; <paramref name="count"/> is checked.</summary>
    protected abstract SequenceWriter<T> CreateSequenceWriterCore<T>(int count);

    /// <inheritdoc />
    public override string ToString() => Definition.Name;
}
