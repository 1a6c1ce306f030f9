using System.Text.Json.Nodes;

namespace FastFormatters.Serialization;

/// <summary>
/// Reads and writes one .NET type in one format. Each format has its own family (<c>JsonValueConverter&lt;T&gt;</c>,
/// <c>MessagePackValueConverter&lt;T&gt;</c>), built by its own resolver; what they share is what a type is, not how a
/// format writes it.
/// </summary>
internal abstract class ValueConverter
{
    public abstract Type Type { get; }

    /// <summary>Why values of <see cref="Type"/> cannot be read (no usable constructor, ...), or <see langword="null"/>.</summary>
    public virtual string? ReadUnsupportedReason => null;

    /// <summary>Whether values carry their subtype on the wire (a union), so they must be written as the declared type.</summary>
    public virtual bool IsPolymorphic => false;

    /// <summary>
    /// The JSON Schema of what this converter writes (MessagePack in its decoded form); an empty schema (any value) when
    /// it cannot say more.
    /// </summary>
    public virtual JsonObject DescribeSchema(SchemaBuilder schema) => [];
}

/// <inheritdoc />
internal abstract class ValueConverter<T> : ValueConverter
{
    public sealed override Type Type => typeof(T);
}
