using System.Text.Json.Nodes;
using FastFormatters.Json;
using FastFormatters.MessagePack;

namespace FastFormatters.Serialization.Converters;

internal sealed class NullableConverter<T> : ValueConverter<T?>
    where T : struct
{
    public override JsonObject DescribeSchema(SchemaBuilder schema) => SchemaBuilder.OrNull(_inner.DescribeSchema(schema));

    private readonly ValueConverter<T> _inner;

    public NullableConverter(ValueConverter<T> inner) => _inner = inner;

    public override void WriteJson(ref JsonWriter writer, T? value)
    {
        if (value.HasValue)
        {
            _inner.WriteJson(ref writer, value.GetValueOrDefault());
        }
        else
        {
            writer.WriteNull();
        }
    }

    public override T? ReadJson(ref JsonReader reader) => reader.TryReadNull() ? null : _inner.ReadJson(ref reader);

    public override void WriteMessagePack(ref MessagePackWriter writer, T? value)
    {
        if (value.HasValue)
        {
            _inner.WriteMessagePack(ref writer, value.GetValueOrDefault());
        }
        else
        {
            writer.WriteNil();
        }
    }

    public override T? ReadMessagePack(ref MessagePackReader reader) => reader.TryReadNil() ? null : _inner.ReadMessagePack(ref reader);
}
