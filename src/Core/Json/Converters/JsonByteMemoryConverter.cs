using System.Text.Json.Nodes;
using FastFormatters.Serialization;

namespace FastFormatters.Json.Converters;

/// <summary>
/// <see cref="Memory{T}"/> and <see cref="ReadOnlyMemory{T}"/> of bytes are base64 strings, as <c>byte[]</c> and
/// System.Text.Json's are; <c>null</c> reads as empty.
/// </summary>
internal sealed class JsonByteMemoryConverter<TMemory>(Func<TMemory, ReadOnlyMemory<byte>> bytesOf, Func<byte[], TMemory> fromBytes) : JsonValueConverter<TMemory>
{
    private static readonly JsonByteArrayConverter s_bytes = new();

    internal override JsonObject DescribeSchema(SchemaBuilder schema) => s_bytes.DescribeSchema(schema);

    public override void Write(ref FastJsonWriter writer, TMemory value) => writer.WriteBase64String(bytesOf(value).Span);

    public override TMemory Read(ref FastJsonReader reader) => fromBytes(s_bytes.Read(ref reader) ?? []);
}
