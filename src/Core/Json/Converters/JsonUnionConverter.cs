using System.Text.Json.Nodes;
using FastFormatters.Serialization;
using FastFormatters.Serialization.Contracts;

namespace FastFormatters.Json.Converters;

/// <summary>
/// A union (MessagePack-CSharp's <c>[Union]</c>) in JSON, which has no union tags: a value is written as its subtype is,
/// and cannot be read, since nothing says which subtype to create. A value whose runtime type is not one of the listed
/// subtypes cannot be written.
/// </summary>
internal sealed class JsonUnionConverter<T> : JsonValueConverter<T>
{
    private readonly Dictionary<Type, IJsonValueConverter> _byType = [];
    private readonly List<ValueConverter> _cases = [];

    public JsonUnionConverter(IReadOnlyList<UnionCase> cases, ConverterResolver resolver)
    {
        var tags = new HashSet<int>();
        foreach (var (tag, subType) in cases)
        {
            var converter = resolver.GetConverter(subType);
            if (!tags.Add(tag) || !_byType.TryAdd(subType, (IJsonValueConverter)converter))
            {
                throw new NotSupportedException($"The union {typeof(T)} lists the tag {tag} or the type {subType} twice.");
            }

            _cases.Add(converter);
        }
    }

    internal override bool IsPolymorphic => true;

    /// <remarks>The subtype's value alone.</remarks>
    internal override JsonObject DescribeSchema(SchemaBuilder schema)
        => schema.Reference(typeof(T), builder => new JsonObject { ["oneOf"] = new JsonArray([.. _cases.Select(converter => (JsonNode)converter.DescribeSchema(builder))]) });

    public override void Write(ref FastJsonWriter writer, T value)
    {
        if (value is null)
        {
            writer.WriteNull();
            return;
        }

        var converter = _byType.TryGetValue(value.GetType(), out var found)
            ? found
            : throw new NotSupportedException($"{value.GetType()} is not one of the subtypes the union {typeof(T)} lists.");
        converter.WriteBoxed(ref writer, value);
    }

    public override T Read(ref FastJsonReader reader)
        => throw new NotSupportedException($"The union {typeof(T)} is tagged in MessagePack only; JSON cannot say which subtype to read.");
}
