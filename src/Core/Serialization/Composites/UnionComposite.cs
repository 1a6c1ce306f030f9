using System.Text.Json.Nodes;
using FastFormatters.Serialization.Contracts;
using FastFormatters.Serialization.Shapes;

namespace FastFormatters.Serialization.Composites;

/// <summary>
/// An interface or abstract class whose subtypes are tagged by integers (MessagePack-CSharp's <c>[Union]</c>): a value
/// is written by its subtype's converter, with its tag where the format carries union tags (MessagePack's array
/// <c>[tag, value]</c>), and read by the tag's; null is null. JSON has no union tags: a value is written as its subtype
/// is, and cannot be read, since nothing says which subtype to create. A value whose runtime type is not one of the
/// listed subtypes cannot be written.
/// </summary>
internal readonly struct UnionComposite<TCodec, TWriter, TReader, T> : IComposite<T, TWriter, TReader>
    where TCodec : struct, IFormatCodec<TWriter, TReader>
    where TWriter : allows ref struct
    where TReader : allows ref struct
{
    private readonly Dictionary<Type, (int Tag, ValueConverter Converter)> _byType = [];
    private readonly Dictionary<int, ValueConverter> _byTag = [];

    public UnionComposite(IReadOnlyList<UnionCase> cases, ConverterResolver resolver)
    {
        foreach (var (tag, subType) in cases)
        {
            var converter = TCodec.Served(resolver.GetConverter(subType));
            if (!_byTag.TryAdd(tag, converter) || !_byType.TryAdd(subType, (tag, converter)))
            {
                throw new NotSupportedException($"The union {typeof(T)} lists the tag {tag} or the type {subType} twice.");
            }
        }
    }

    public string? ReadUnsupportedReason => null;

    public bool IsPolymorphic => true;

    public JsonObject DescribeSchema(SchemaBuilder schema)
    {
        var byTag = _byTag;
        return schema.Reference(typeof(T), builder =>
        {
            var cases = new JsonArray();
            foreach (var (tag, converter) in byTag)
            {
                cases.Add((JsonNode)TCodec.DescribeUnionCase(tag, converter.DescribeSchema(builder)));
            }

            return new JsonObject { ["oneOf"] = cases };
        });
    }

    public TResult? VisitStreamedElement<TResult>(ITypeVisitor<TResult> visitor)
        where TResult : class
        => null;

    public void Write(ref TWriter writer, T value)
    {
        if (value is null)
        {
            TCodec.WriteNull(ref writer);
            return;
        }

        var (tag, converter) = _byType.TryGetValue(value.GetType(), out var entry)
            ? entry
            : throw new NotSupportedException($"{value.GetType()} is not one of the subtypes the union {typeof(T)} lists.");
        TCodec.WriteUnionCase(ref writer, tag, converter, value);
    }

    public T Read(ref TReader reader) => TCodec.ReadUnionCase<T>(ref reader, _byTag);
}
