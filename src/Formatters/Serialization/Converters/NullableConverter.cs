using FastFormatters.Json;

namespace FastFormatters.Serialization.Converters;

internal sealed class NullableConverter<T> : ValueConverter<T?>
    where T : struct
{
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
}
