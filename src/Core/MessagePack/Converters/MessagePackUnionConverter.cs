using System.Text.Json.Nodes;
using FastFormatters.Serialization;
using FastFormatters.Serialization.Contracts;

namespace FastFormatters.MessagePack.Converters;

/// <summary>
/// An interface or abstract class whose subtypes are tagged by integers (MessagePack-CSharp's <c>[Union]</c>): the
/// array <c>[tag, value]</c>, the value written by its subtype's converter; nil for null. A value whose runtime type is
/// not one of the listed subtypes cannot be written, and an unknown tag cannot be read.
/// </summary>
internal sealed class MessagePackUnionConverter<T> : MessagePackValueConverter<T>
{
    private readonly Dictionary<Type, (int Tag, IMessagePackValueConverter Converter)> _byType = [];
    private readonly Dictionary<int, ValueConverter> _byTag = [];

    public MessagePackUnionConverter(IReadOnlyList<UnionCase> cases, ConverterResolver resolver)
    {
        foreach (var (tag, subType) in cases)
        {
            var converter = resolver.GetConverter(subType);
            if (!_byTag.TryAdd(tag, converter) || !_byType.TryAdd(subType, (tag, (IMessagePackValueConverter)converter)))
            {
                throw new NotSupportedException($"The union {typeof(T)} lists the tag {tag} or the type {subType} twice.");
            }
        }
    }

    internal override bool IsPolymorphic => true;

    /// <remarks>The pair of a tag and the subtype's value.</remarks>
    internal override JsonObject DescribeSchema(SchemaBuilder schema)
        => schema.Reference(typeof(T), builder =>
        {
            var cases = new JsonArray();
            foreach (var (tag, converter) in _byTag)
            {
                cases.Add((JsonNode)SchemaBuilder.Tuple(new JsonObject { ["const"] = tag }, converter.DescribeSchema(builder)));
            }

            return new JsonObject { ["oneOf"] = cases };
        });

    public override void Write(ref FastMessagePackWriter writer, T value)
    {
        if (value is null)
        {
            writer.WriteNil();
            return;
        }

        var (tag, converter) = _byType.TryGetValue(value.GetType(), out var entry)
            ? entry
            : throw new NotSupportedException($"{value.GetType()} is not one of the subtypes the union {typeof(T)} lists.");
        writer.WriteArrayHeader(2);
        writer.WriteInt64(tag);
        converter.WriteBoxed(ref writer, value);
        writer.WriteEndContainer();
    }

    public override T Read(ref FastMessagePackReader reader)
    {
        if (reader.TryReadNil())
        {
            // A union is an interface or abstract class: null is its default.
            return default!;
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

        var value = (T)((IMessagePackValueConverter)converter).ReadBoxed(ref reader)!;
        reader.EndContainer();
        return value;
    }
}
