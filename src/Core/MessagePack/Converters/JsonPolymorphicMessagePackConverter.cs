using System.Text.Json.Nodes;
using System.Buffers;
using System.Reflection;
using System.Text.Json.Serialization;
using FastFormatters.Buffers;
using FastFormatters.Serialization;

namespace FastFormatters.MessagePack.Converters;

/// <summary>
/// An abstract class or interface with <c>[JsonDerivedType]</c>s, in MessagePack, with the discriminator where
/// System.Text.Json puts it in JSON: the first entry of the subtype's map (<c>"$type": "lion"</c>, or the
/// hierarchy's own property name; an integer discriminator stays an integer). Reading takes the discriminator from the
/// first entry, as System.Text.Json does by default; a missing or unknown one is an error.
/// </summary>
internal sealed class JsonPolymorphicMessagePackConverter<T> : MessagePackValueConverter<T>
{
    /// <remarks>Each subtype's map, with the discriminator among its keys.</remarks>
    internal override JsonObject DescribeSchema(SchemaBuilder schema)
        => schema.Reference(typeof(T), builder =>
        {
            var cases = new JsonArray();
            foreach (var (discriminator, converter) in _byType.Values)
            {
                var tag = new JsonObject
                {
                    ["type"] = "object",
                    ["properties"] = new JsonObject { [_propertyName] = new JsonObject { ["const"] = discriminator is int number ? JsonValue.Create(number) : JsonValue.Create((string)discriminator) } },
                    ["required"] = new JsonArray(_propertyName),
                };
                cases.Add((JsonNode)new JsonObject { ["allOf"] = new JsonArray(converter.DescribeSchema(builder), tag) });
            }

            return new JsonObject { ["oneOf"] = cases };
        });

    private readonly string _propertyName;
    private readonly Dictionary<Type, (object Discriminator, ValueConverter Converter)> _byType = [];
    private readonly Dictionary<string, ValueConverter> _byName = new(StringComparer.Ordinal);
    private readonly Dictionary<long, ValueConverter> _byNumber = [];

    public JsonPolymorphicMessagePackConverter(ConverterResolver resolver)
    {
        _propertyName = typeof(T).GetCustomAttribute<JsonPolymorphicAttribute>()?.TypeDiscriminatorPropertyName ?? "$type";
        foreach (var derived in typeof(T).GetCustomAttributes<JsonDerivedTypeAttribute>())
        {
            if (derived.TypeDiscriminator is null)
            {
                continue;
            }

            var converter = resolver.GetConverter(derived.DerivedType);
            _byType[derived.DerivedType] = (derived.TypeDiscriminator, converter);
            switch (derived.TypeDiscriminator)
            {
                case string name:
                    _byName[name] = converter;
                    break;
                case int number:
                    _byNumber[number] = converter;
                    break;
            }
        }
    }

    internal override bool IsPolymorphic => true;

    public override void Write(ref FastMessagePackWriter writer, T value)
    {
        if (value is null)
        {
            writer.WriteNil();
            return;
        }

        if (!_byType.TryGetValue(value.GetType(), out var entry))
        {
            throw new NotSupportedException($"{value.GetType()} is not a derived type [JsonDerivedType] lists on {typeof(T)}.");
        }

        // The subtype's own map, then the same map one entry longer with the discriminator first.
        using var map = new PooledBufferWriter(1024);
        var inner = new FastMessagePackWriter(map, FastSerializerOptions.MaxDepthLimit);
        ((IMessagePackValueConverter)entry.Converter).WriteBoxed(ref inner, value);
        inner.Flush();
        int length = checked((int)map.WrittenCount);
        byte[] bytes = ArrayPool<byte>.Shared.Rent(length);
        try
        {
            map.CopyTo(bytes);
            var reader = new FastMessagePackReader(bytes.AsSpan(0, length), maxDepth: 1);
            int count = reader.ReadMapHeader();
            writer.WriteMapHeader(count + 1);
            writer.WriteString(_propertyName);
            if (entry.Discriminator is int number)
            {
                writer.WriteInt64(number);
            }
            else
            {
                writer.WriteString((string)entry.Discriminator);
            }

            writer.WriteRaw(bytes.AsSpan(reader.Position, length - reader.Position), values: count * 2);
            writer.WriteEndContainer();
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(bytes);
        }
    }

    public override T Read(ref FastMessagePackReader reader)
    {
        if (reader.TryReadNil())
        {
            return default!;
        }

        var whole = reader.ReadRawValue();
        var map = new FastMessagePackReader(whole, FastSerializerOptions.MaxDepthLimit);
        int count = map.ReadMapHeader();
        if (count == 0 || map.PeekKind() != MessagePackValueKind.String || map.ReadNonNullString() != _propertyName)
        {
            throw reader.Error($"A {typeof(T).Name} starts with its '{_propertyName}' discriminator.");
        }

        ValueConverter? converter = map.PeekKind() == MessagePackValueKind.Integer
            ? _byNumber.GetValueOrDefault((long)map.ReadInteger())
            : _byName.GetValueOrDefault(map.ReadNonNullString());
        if (converter is null)
        {
            throw reader.Error($"The '{_propertyName}' discriminator names no derived type of {typeof(T).Name}.");
        }

        // The rest of the map, as the subtype's own map.
        using var rest = new PooledBufferWriter(whole.Length);
        var header = new FastMessagePackWriter(rest, maxDepth: 1);
        header.WriteMapHeader(count - 1);
        header.WriteRaw(whole[map.Position..], values: (count - 1) * 2);
        header.Flush();
        return (T)ReadWith(converter, rest.ToArray())!;
    }

    private static object? ReadWith(ValueConverter converter, ReadOnlySpan<byte> bytes)
    {
        var reader = new FastMessagePackReader(bytes, FastSerializerOptions.MaxDepthLimit);
        var value = ((IMessagePackValueConverter)converter).ReadBoxed(ref reader);
        reader.EnsureEndOfInput();
        return value;
    }
}
