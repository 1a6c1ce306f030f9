using System.Text.Json.Nodes;
using FastFormatters.Serialization;

namespace FastFormatters.MessagePack.Converters;

/// <summary>
/// <see cref="Memory{T}"/> and <see cref="ReadOnlyMemory{T}"/> of bytes are binary, as <c>byte[]</c> is and as
/// MessagePack-CSharp writes them; nil reads as empty.
/// </summary>
internal sealed class MessagePackByteMemoryConverter<TMemory>(Func<TMemory, ReadOnlyMemory<byte>> bytesOf, Func<byte[], TMemory> fromBytes) : MessagePackValueConverter<TMemory>
{
    private static readonly MessagePackByteArrayConverter s_bytes = new();

    internal override JsonObject DescribeSchema(SchemaBuilder schema) => s_bytes.DescribeSchema(schema);

    public override void Write(ref FastMessagePackWriter writer, TMemory value) => writer.WriteBinary(bytesOf(value).Span);

    public override TMemory Read(ref FastMessagePackReader reader) => fromBytes(s_bytes.Read(ref reader) ?? []);
}
