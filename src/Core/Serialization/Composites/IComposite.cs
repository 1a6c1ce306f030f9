using System.Text.Json.Nodes;
using FastFormatters.Serialization.Shapes;

namespace FastFormatters.Serialization.Composites;

/// <summary>
/// A converter of a kind of type made of other values (a nullable, an array, a list, ...), written once over a format's
/// codec: a struct that each format's converter shell holds and forwards to, so the composite's code is compiled per
/// format with no call through an interface. Every member is implemented by each composite: a default one would box
/// the struct to call it.
/// </summary>
/// <typeparam name="T">The type read and written.</typeparam>
/// <typeparam name="TWriter">The format's writer.</typeparam>
/// <typeparam name="TReader">The format's reader.</typeparam>
internal interface IComposite<T, TWriter, TReader>
    where TWriter : allows ref struct
    where TReader : allows ref struct
{
    /// <inheritdoc cref="ValueConverter.ReadUnsupportedReason"/>
    string? ReadUnsupportedReason { get; }

    /// <inheritdoc cref="ValueConverter.IsPolymorphic"/>
    bool IsPolymorphic { get; }

    /// <summary>Writes one value.</summary>
    void Write(ref TWriter writer, T value);

    /// <summary>Reads one value.</summary>
    T Read(ref TReader reader);

    /// <inheritdoc cref="ValueConverter.DescribeSchema"/>
    JsonObject DescribeSchema(SchemaBuilder schema);

    /// <inheritdoc cref="ValueConverter.VisitStreamedElement"/>
    TResult? VisitStreamedElement<TResult>(ITypeVisitor<TResult> visitor)
        where TResult : class;
}
