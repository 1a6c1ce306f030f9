using System.Text.Json.Nodes;
using System.Buffers;
using System.Buffers.Text;
using System.Text;
using FastFormatters.Json;
using FastFormatters.MessagePack;

namespace FastFormatters.Serialization.Converters;

internal sealed class BooleanConverter : ValueConverter<bool>
{
    public override JsonObject DescribeSchema(SchemaBuilder schema) => SchemaBuilder.Of("boolean");

    public override void WriteJson(ref JsonWriter writer, bool value) => writer.WriteBoolean(value);

    public override bool ReadJson(ref JsonReader reader) => reader.ReadBoolean();

    public override void WriteMessagePack(ref MessagePackWriter writer, bool value) => writer.WriteBoolean(value);

    public override bool ReadMessagePack(ref MessagePackReader reader) => reader.ReadBoolean();
}

internal sealed class StringConverter : ValueConverter<string?>
{
    public override JsonObject DescribeSchema(SchemaBuilder schema) => SchemaBuilder.Of("string");

    public override void WriteJson(ref JsonWriter writer, string? value) => writer.WriteString(value);

    public override string? ReadJson(ref JsonReader reader) => reader.ReadString();

    public override void WriteMessagePack(ref MessagePackWriter writer, string? value) => writer.WriteString(value);

    public override string? ReadMessagePack(ref MessagePackReader reader) => reader.ReadString();
}

/// <summary>A char is a one-character string.</summary>
internal sealed class CharConverter : ValueConverter<char>
{
    /// <remarks>A one-character string in JSON; its UTF-16 code in MessagePack, as MessagePack-CSharp writes it.</remarks>
    public override JsonObject DescribeSchema(SchemaBuilder schema)
        => schema.IsMessagePack
            ? new JsonObject { ["type"] = "integer", ["minimum"] = 0, ["maximum"] = (int)char.MaxValue }
            : new JsonObject { ["type"] = "string", ["minLength"] = 1, ["maxLength"] = 1 };

    private const string Expected = "Expected a string of exactly one character.";

    public override void WriteJson(ref JsonWriter writer, char value) => writer.WriteString(new ReadOnlySpan<char>(in value));

    public override char ReadJson(ref JsonReader reader)
        => TryParse(reader.ReadStringValue(), out char value) ? value : throw reader.Error(Expected);

    /// <summary>Its UTF-16 code unit as an integer, as MessagePack-CSharp writes it.</summary>
    public override void WriteMessagePack(ref MessagePackWriter writer, char value) => writer.WriteUInt64(value);

    /// <summary>An integer code unit, or a string of one (what this library wrote before it matched MessagePack-CSharp).</summary>
    public override char ReadMessagePack(ref MessagePackReader reader)
    {
        if (reader.PeekType() == MessagePackType.Integer)
        {
            var unit = reader.ReadInteger();
            return unit >= char.MinValue && unit <= char.MaxValue ? (char)unit : throw reader.Error(Expected);
        }

        return TryParse(reader.ReadStringSpan(), out char value) ? value : throw reader.Error(Expected);
    }

    private static bool TryParse(ReadOnlySpan<byte> utf8, out char value)
    {
        // One UTF-16 unit: a longer string stops at "destination too small" instead of decoding it all.
        Span<char> chars = stackalloc char[1];
        bool single = System.Text.Unicode.Utf8.ToUtf16(utf8, chars, out _, out int written, replaceInvalidSequences: false) == OperationStatus.Done
            && written == 1;
        value = chars[0];
        return single;
    }
}

/// <summary>A URI is its original string; relative URIs are allowed.</summary>
internal sealed class UriConverter : ValueConverter<Uri?>
{
    public override JsonObject DescribeSchema(SchemaBuilder schema) => SchemaBuilder.Of("string", "uri-reference");

    private const string Expected = "Expected a URI.";

    public override void WriteJson(ref JsonWriter writer, Uri? value) => writer.WriteString(value?.OriginalString);

    public override Uri? ReadJson(ref JsonReader reader)
        => reader.ReadString() is not { } text ? null : Parse(text) ?? throw reader.Error(Expected);

    public override void WriteMessagePack(ref MessagePackWriter writer, Uri? value) => writer.WriteString(value?.OriginalString);

    public override Uri? ReadMessagePack(ref MessagePackReader reader)
        => reader.ReadString() is not { } text ? null : Parse(text) ?? throw reader.Error(Expected);

    private static Uri? Parse(string text) => Uri.TryCreate(text, UriKind.RelativeOrAbsolute, out var uri) ? uri : null;
}

/// <summary>A version is its text (<c>1.2.3.4</c>) in every format, as System.Text.Json and MessagePack-CSharp write it.</summary>
internal sealed class VersionConverter : ValueConverter<Version?>
{
    public override JsonObject DescribeSchema(SchemaBuilder schema)
        => new() { ["type"] = "string", ["pattern"] = "^[0-9]+(\\.[0-9]+){1,3}$" };

    private const string Expected = "Expected a version such as 1.2.3.4.";

    public override void WriteJson(ref JsonWriter writer, Version? value) => writer.WriteString(value?.ToString());

    public override Version? ReadJson(ref JsonReader reader)
        => reader.ReadString() is not { } text ? null : Version.TryParse(text, out var version) ? version : throw reader.Error(Expected);

    public override void WriteMessagePack(ref MessagePackWriter writer, Version? value) => writer.WriteString(value?.ToString());

    public override Version? ReadMessagePack(ref MessagePackReader reader)
        => reader.ReadString() is not { } text ? null : Version.TryParse(text, out var version) ? version : throw reader.Error(Expected);
}

/// <summary>Bytes are a base64 string in JSON (RFC 4648 §4, with padding) and binary in MessagePack.</summary>
internal sealed class ByteArrayConverter : ValueConverter<byte[]?>
{
    /// <remarks>Base64 text in JSON; MessagePack binary, which its decoded form shows as base64 text.</remarks>
    public override JsonObject DescribeSchema(SchemaBuilder schema)
        => new() { ["type"] = "string", ["contentEncoding"] = "base64" };

    public override void WriteJson(ref JsonWriter writer, byte[]? value)
    {
        if (value is null)
        {
            writer.WriteNull();
            return;
        }

        writer.WriteBase64String(value);
    }

    public override byte[]? ReadJson(ref JsonReader reader)
    {
        if (reader.TryReadNull())
        {
            return null;
        }

        var base64 = reader.ReadStringValue();
        var result = new byte[Base64.GetMaxDecodedFromUtf8Length(base64.Length)];
        if (Base64.DecodeFromUtf8(base64, result, out _, out int written) != OperationStatus.Done)
        {
            throw reader.Error("Expected a base64 string.");
        }

        return written == result.Length ? result : result[..written];
    }

    public override void WriteMessagePack(ref MessagePackWriter writer, byte[]? value)
    {
        if (value is null)
        {
            writer.WriteNil();
            return;
        }

        writer.WriteBinary(value);
    }

    public override byte[]? ReadMessagePack(ref MessagePackReader reader) => reader.TryReadNil() ? null : reader.ReadBinary().ToArray();
}
