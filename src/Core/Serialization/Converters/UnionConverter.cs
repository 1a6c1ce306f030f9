using System.Text.Json.Nodes;
using FastFormatters.Json;
using FastFormatters.MessagePack;
using FastFormatters.Serialization.Contracts;

namespace FastFormatters.Serialization.Converters;

/// <summary>
/// An interface or abstract class whose subtypes are tagged by integers (MessagePack-CSharp's <c>[Union]</c>): the
/// MessagePack array <c>[tag, value]</c>, the value written by its subtype's converter; nil for null. A value whose
/// runtime type is not one of the listed subtypes cannot be written, and an unknown tag cannot be read.
/// </summary>
internal sealed class UnionConverter<T> : ValueConverter<T>
    where T : class
{
    /// <remarks>In MessagePack, the pair of a tag and the subtype's value; in JSON, the subtype's value alone.</remarks>
    public override JsonObject DescribeSchema(SchemaBuilder schema)
        => schema.Reference(typeof(T), builder =>
        {
            var cases = new JsonArray();
            foreach (var (tag, converter) in _byTag)
            {
                var value = converter.DescribeSchema(builder);
                cases.Add(builder.IsMessagePack ? SchemaBuilder.Tuple(new JsonObject { ["const"] = tag }, value) : value);
            }

            return new JsonObject { ["oneOf"] = cases };
        });

    private readonly Dictionary<Type, (int Tag, ValueConverter Converter)> _byType = [];
    private readonly Dictionary<int, ValueConverter> _byTag = [];

    public UnionConverter(IReadOnlyList<UnionCase> cases, ConverterResolver resolver)
    {
        foreach (var (tag, subType) in cases)
        {
            var converter = resolver.GetConverter(subType);
            if (!_byTag.TryAdd(tag, converter) || !_byType.TryAdd(subType, (tag, converter)))
            {
                throw new NotSupportedException($"The union {typeof(T)} lists the tag {tag} or the type {subType} twice.");
            }
        }
    }

    public override bool IsPolymorphic => true;

    public override void WriteMessagePack(ref MessagePackWriter writer, T value)
    {
        if (value is null)
        {
            writer.WriteNil();
            return;
        }

        var (tag, converter) = Find(value);
        writer.WriteArrayHeader(2);
        writer.WriteInt64(tag);
        converter.WriteMessagePackBoxed(ref writer, value);
        writer.WriteEndContainer();
    }

    public override T ReadMessagePack(ref MessagePackReader reader)
    {
        if (reader.TryReadNil())
        {
            return null!;
        }

        if (reader.ReadArrayHeader() != 2)
        {
            throw reader.Error($"A {typeof(T).Name} is an array of a union tag and a value.");
        }

        var tag = reader.ReadInteger();
        if (tag < int.MinValue || tag > int.MaxValue || !_byTag.TryGetValue((int)tag, out var converter))
        {
            throw reader.Error($"{tag} is not a union tag of {typeof(T).Name}.");
        }

        var value = (T)converter.ReadMessagePackBoxed(ref reader)!;
        reader.EndContainer();
        return value;
    }

    /// <summary>JSON has no union tags: the value is written as its subtype is.</summary>
    public override void WriteJson(ref JsonWriter writer, T value)
    {
        if (value is null)
        {
            writer.WriteNull();
            return;
        }

        Find(value).Converter.WriteJsonBoxed(ref writer, value);
    }

    public override T ReadJson(ref JsonReader reader)
        => throw new NotSupportedException($"The union {typeof(T)} is tagged in MessagePack only; JSON cannot say which subtype to read.");

    private (int Tag, ValueConverter Converter) Find(T value)
        => _byType.TryGetValue(value.GetType(), out var entry)
            ? entry
            : throw new NotSupportedException($"{value.GetType()} is not one of the subtypes the union {typeof(T)} lists.");
}
