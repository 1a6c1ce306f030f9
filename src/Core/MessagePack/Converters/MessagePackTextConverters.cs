using System.Numerics;
using System.Text;
using System.Text.Json.Nodes;
using FastFormatters.Serialization;
using FastFormatters.Serialization.Values;

namespace FastFormatters.MessagePack.Converters;

internal sealed class MessagePackBooleanConverter : MessagePackValueConverter<bool>
{
    internal override JsonObject DescribeSchema(SchemaBuilder schema) => SchemaBuilder.Of("boolean");

    public override void Write(ref FastMessagePackWriter writer, bool value) => writer.WriteBoolean(value);

    public override bool Read(ref FastMessagePackReader reader) => reader.ReadBoolean();
}

internal sealed class MessagePackStringConverter : MessagePackValueConverter<string?>
{
    internal override JsonObject DescribeSchema(SchemaBuilder schema) => SchemaBuilder.Of("string");

    public override void Write(ref FastMessagePackWriter writer, string? value) => writer.WriteString(value);

    public override string? Read(ref FastMessagePackReader reader) => reader.ReadString();
}

/// <summary>A char is its UTF-16 code unit as an integer, as MessagePack-CSharp writes it.</summary>
internal sealed class MessagePackCharConverter : MessagePackValueConverter<char>
{
    internal override JsonObject DescribeSchema(SchemaBuilder schema) => new() { ["type"] = "integer", ["minimum"] = 0, ["maximum"] = (int)char.MaxValue };

    private const string Expected = "Expected a string of exactly one character.";

    public override void Write(ref FastMessagePackWriter writer, char value) => writer.WriteUInt64(value);

    /// <summary>An integer code unit, or a string of one (what this library wrote before it matched MessagePack-CSharp).</summary>
    public override char Read(ref FastMessagePackReader reader)
    {
        if (reader.PeekKind() == MessagePackValueKind.Integer)
        {
            var unit = reader.ReadInteger();
            return unit >= char.MinValue && unit <= char.MaxValue ? (char)unit : throw reader.Error(Expected);
        }

        return NumberText.TryParseChar(reader.ReadStringSpan(), out char value) ? value : throw reader.Error(Expected);
    }
}

/// <summary>A URI is its original string; relative URIs are allowed.</summary>
internal sealed class MessagePackUriConverter : MessagePackValueConverter<Uri?>
{
    internal override JsonObject DescribeSchema(SchemaBuilder schema) => SchemaBuilder.Of("string", "uri-reference");

    public override void Write(ref FastMessagePackWriter writer, Uri? value) => writer.WriteString(value?.OriginalString);

    public override Uri? Read(ref FastMessagePackReader reader)
        => reader.ReadString() is not { } text ? null
            : Uri.TryCreate(text, UriKind.RelativeOrAbsolute, out var uri) ? uri : throw reader.Error("Expected a URI.");
}

/// <summary>A version is its text (<c>1.2.3.4</c>), as MessagePack-CSharp writes it.</summary>
internal sealed class MessagePackVersionConverter : MessagePackValueConverter<Version?>
{
    internal override JsonObject DescribeSchema(SchemaBuilder schema)
        => new() { ["type"] = "string", ["pattern"] = "^[0-9]+(\\.[0-9]+){1,3}$" };

    public override void Write(ref FastMessagePackWriter writer, Version? value) => writer.WriteString(value?.ToString());

    public override Version? Read(ref FastMessagePackReader reader)
        => reader.ReadString() is not { } text ? null
            : Version.TryParse(text, out var version) ? version : throw reader.Error("Expected a version such as 1.2.3.4.");
}

/// <summary>Bytes are MessagePack binary, which its decoded form shows as base64 text.</summary>
internal sealed class MessagePackByteArrayConverter : MessagePackValueConverter<byte[]?>
{
    internal override JsonObject DescribeSchema(SchemaBuilder schema) => new() { ["type"] = "string", ["contentEncoding"] = "base64" };

    public override void Write(ref FastMessagePackWriter writer, byte[]? value)
    {
        if (value is null)
        {
            writer.WriteNil();
            return;
        }

        writer.WriteBinary(value);
    }

    public override byte[]? Read(ref FastMessagePackReader reader) => reader.TryReadNil() ? null : reader.ReadBinary().ToArray();
}

/// <summary>
/// <see cref="BigInteger"/> as MessagePack-CSharp writes it: binary, the little-endian two's complement of
/// <see cref="BigInteger.ToByteArray()"/>. Built by the MessagePack-CSharp contract only.
/// </summary>
internal sealed class MessagePackBigIntegerConverter : MessagePackValueConverter<BigInteger>
{
    internal override JsonObject DescribeSchema(SchemaBuilder schema)
        => new() { ["type"] = "string", ["contentEncoding"] = "base64", ["description"] = "Two's complement, little-endian." };

    public override void Write(ref FastMessagePackWriter writer, BigInteger value)
    {
        Span<byte> bytes = stackalloc byte[value.GetByteCount()];
        value.TryWriteBytes(bytes, out int written);
        writer.WriteBinary(bytes[..written]);
    }

    public override BigInteger Read(ref FastMessagePackReader reader) => new(reader.ReadBinary());
}

/// <summary>
/// <see cref="StringBuilder"/> as MessagePack-CSharp writes it: its text as a string, nil for null. Built by the
/// MessagePack-CSharp contract only.
/// </summary>
internal sealed class MessagePackStringBuilderConverter : MessagePackValueConverter<StringBuilder?>
{
    internal override JsonObject DescribeSchema(SchemaBuilder schema) => SchemaBuilder.Of("string");

    public override void Write(ref FastMessagePackWriter writer, StringBuilder? value) => writer.WriteString(value?.ToString());

    public override StringBuilder? Read(ref FastMessagePackReader reader)
        => reader.ReadString() is { } text ? new StringBuilder(text) : null;
}
