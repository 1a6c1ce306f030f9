using System.Text.Json.Nodes;
using System.Numerics;
using System.Text;
using FastFormatters.Json;
using FastFormatters.MessagePack;

namespace FastFormatters.Serialization.Converters;

/// <summary>
/// <see cref="BigInteger"/> as MessagePack-CSharp writes it: binary, the little-endian two's complement of
/// <see cref="BigInteger.ToByteArray()"/>. Built by the MessagePack-CSharp contract only; JSON has its own rules.
/// </summary>
internal sealed class BigIntegerMessagePackConverter : ValueConverter<BigInteger>
{
    public override JsonObject DescribeSchema(SchemaBuilder schema)
        => new() { ["type"] = "string", ["contentEncoding"] = "base64", ["description"] = "Two's complement, little-endian." };

    public override void WriteMessagePack(ref MessagePackWriter writer, BigInteger value)
    {
        Span<byte> bytes = stackalloc byte[value.GetByteCount()];
        value.TryWriteBytes(bytes, out int written);
        writer.WriteBinary(bytes[..written]);
    }

    public override BigInteger ReadMessagePack(ref MessagePackReader reader) => new(reader.ReadBinary());

    public override void WriteJson(ref JsonWriter writer, BigInteger value)
        => throw new InvalidOperationException("BigInteger's MessagePack form is not JSON.");

    public override BigInteger ReadJson(ref JsonReader reader)
        => throw new InvalidOperationException("BigInteger's MessagePack form is not JSON.");
}

/// <summary>
/// <see cref="StringBuilder"/> as MessagePack-CSharp writes it: its text as a string, nil for null. Built by the
/// MessagePack-CSharp contract only; JSON has its own rules.
/// </summary>
internal sealed class StringBuilderMessagePackConverter : ValueConverter<StringBuilder?>
{
    public override JsonObject DescribeSchema(SchemaBuilder schema) => SchemaBuilder.Of("string");

    public override void WriteMessagePack(ref MessagePackWriter writer, StringBuilder? value) => writer.WriteString(value?.ToString());

    public override StringBuilder? ReadMessagePack(ref MessagePackReader reader)
        => reader.ReadString() is { } text ? new StringBuilder(text) : null;

    public override void WriteJson(ref JsonWriter writer, StringBuilder? value)
        => throw new InvalidOperationException("StringBuilder's MessagePack form is not JSON.");

    public override StringBuilder? ReadJson(ref JsonReader reader)
        => throw new InvalidOperationException("StringBuilder's MessagePack form is not JSON.");
}
