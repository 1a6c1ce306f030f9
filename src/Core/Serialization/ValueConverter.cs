using System.Text.Json.Nodes;
using FastFormatters.Json;
using FastFormatters.MessagePack;

namespace FastFormatters.Serialization;

/// <summary>
/// Reads and writes one .NET type. Each resolver (JSON's, MessagePack's) builds its own instances under its own
/// contract rules and calls only its format's methods; the methods of both formats sit here until the converters are
/// split into one family per format.
/// </summary>
internal abstract class ValueConverter
{
    public abstract Type Type { get; }

    /// <summary>Why values of <see cref="Type"/> cannot be read (no usable constructor, ...), or <see langword="null"/>.</summary>
    public virtual string? ReadUnsupportedReason => null;

    /// <summary>Whether values carry their subtype on the wire (a union), so they must be written as the declared type.</summary>
    public virtual bool IsPolymorphic => false;

    /// <summary>
    /// The JSON Schema of what this converter writes in <paramref name="schema"/>'s format; an empty schema (any value)
    /// when it cannot say more.
    /// </summary>
    public virtual JsonObject DescribeSchema(SchemaBuilder schema) => [];

    public abstract void WriteJsonBoxed(ref JsonWriter writer, object? value);

    public abstract object? ReadJsonBoxed(ref JsonReader reader);

    public abstract void WriteMessagePackBoxed(ref MessagePackWriter writer, object? value);

    public abstract object? ReadMessagePackBoxed(ref MessagePackReader reader);
}

/// <inheritdoc />
internal abstract class ValueConverter<T> : ValueConverter
{
    public sealed override Type Type => typeof(T);

    public abstract void WriteJson(ref JsonWriter writer, T value);

    public abstract T ReadJson(ref JsonReader reader);

    public abstract void WriteMessagePack(ref MessagePackWriter writer, T value);

    public abstract T ReadMessagePack(ref MessagePackReader reader);

    public sealed override void WriteJsonBoxed(ref JsonWriter writer, object? value) => WriteJson(ref writer, (T)value!);

    public sealed override object? ReadJsonBoxed(ref JsonReader reader) => ReadJson(ref reader);

    public sealed override void WriteMessagePackBoxed(ref MessagePackWriter writer, object? value) => WriteMessagePack(ref writer, (T)value!);

    public sealed override object? ReadMessagePackBoxed(ref MessagePackReader reader) => ReadMessagePack(ref reader);
}
