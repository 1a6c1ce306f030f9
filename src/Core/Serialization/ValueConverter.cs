using System.Text.Json.Nodes;

namespace FastFormatters.Serialization;

/// <summary>
/// Reads and writes one .NET type in one format. Each format has its own family of converters, built by its own
/// resolver: derive from <see cref="Json.Converters.JsonValueConverter{T}"/> (JSON and JMC1) or
/// <see cref="MessagePack.Converters.MessagePackValueConverter{T}"/>, and register the converter in
/// <see cref="FastSerializerOptions.Converters"/> or return it from a <see cref="ConverterProvider"/>.
/// </summary>
public abstract class ValueConverter
{
    /// <summary>Creates the converter. Only the formats' converter bases can derive from this class: it has internal abstract members.</summary>
    protected ValueConverter()
    {
    }

    /// <summary>The type this converter reads and writes.</summary>
    public abstract Type Type { get; }

    /// <summary>Why values of <see cref="Type"/> cannot be read (no usable constructor, ...), or <see langword="null"/>.</summary>
    internal virtual string? ReadUnsupportedReason => null;

    /// <summary>
    /// Hands <paramref name="visitor"/> the element type when this is a built-in sequence's converter (an array, a list,
    /// any other enumerable), whose values a response body may stream element by element; null for every other converter,
    /// which writes its values whole.
    /// </summary>
    internal virtual TResult? VisitStreamedElement<TResult>(Shapes.ITypeVisitor<TResult> visitor)
        where TResult : class
        => null;

    /// <summary>Whether values carry their subtype on the wire (a union), so they must be written as the declared type.</summary>
    internal virtual bool IsPolymorphic => false;

    /// <summary>
    /// The JSON Schema of what this converter writes (MessagePack in its decoded form), which OpenAPI documents and
    /// <see cref="FastFormattersSerializer.GetJsonSchema"/> show for its type; <see langword="null"/>, the default, for
    /// any value. Asked once per document; return a new object each time.
    /// </summary>
    /// <returns>The schema, or <see langword="null"/>.</returns>
    public virtual JsonObject? CreateJsonSchema() => null;

    /// <summary>The schema the built-in converters compose from their parts; an app's converter gives <see cref="CreateJsonSchema"/>.</summary>
    internal virtual JsonObject DescribeSchema(SchemaBuilder schema) => CreateJsonSchema() ?? [];

    /// <summary>Hands <paramref name="visitor"/> <see cref="Type"/>, statically.</summary>
    internal abstract TResult Accept<TResult>(Shapes.ITypeVisitor<TResult> visitor);

    /// <summary>This converter (an app's) as the resolver hands it out: checked to write and read exactly one whole value.</summary>
    internal abstract ValueConverter AsAppConverter();
}

/// <summary>A converter of <typeparamref name="T"/> in one format.</summary>
/// <typeparam name="T">The type read and written.</typeparam>
public abstract class ValueConverter<T> : ValueConverter
{
    /// <summary>Creates the converter. Only the formats' converter bases can derive from this class: it has internal abstract members.</summary>
    protected ValueConverter()
    {
    }

    /// <inheritdoc />
    public sealed override Type Type => typeof(T);

    internal sealed override TResult Accept<TResult>(Shapes.ITypeVisitor<TResult> visitor) => visitor.Visit<T>();
}
