using System.Buffers;
using System.Buffers.Text;
using System.Text.Json.Nodes;
using System.Text.Json.Serialization.Metadata;
using FastFormatters.Serialization;
using FastFormatters.Serialization.Values;

namespace FastFormatters.Json.Converters;

internal sealed class JsonBooleanConverter : JsonValueConverter<bool>
{
    internal override JsonObject DescribeSchema(SchemaBuilder schema) => SchemaBuilder.Of("boolean");

    public override void Write(ref FastJsonWriter writer, bool value) => writer.WriteBoolean(value);

    public override bool Read(ref FastJsonReader reader) => reader.ReadBoolean();
}

internal sealed class JsonStringConverter : JsonValueConverter<string?>
{
    internal override JsonObject DescribeSchema(SchemaBuilder schema) => SchemaBuilder.Of("string");

    public override void Write(ref FastJsonWriter writer, string? value) => writer.WriteString(value);

    public override string? Read(ref FastJsonReader reader) => reader.ReadString();
}

/// <summary>A char is a one-character string.</summary>
internal sealed class JsonCharConverter : JsonValueConverter<char>
{
    internal override JsonObject DescribeSchema(SchemaBuilder schema) => new() { ["type"] = "string", ["minLength"] = 1, ["maxLength"] = 1 };

    private const string Expected = "Expected a string of exactly one character.";

    public override void Write(ref FastJsonWriter writer, char value) => writer.WriteString(new ReadOnlySpan<char>(in value));

    public override char Read(ref FastJsonReader reader)
        => NumberText.TryParseChar(reader.ReadStringValue(), out char value) ? value : throw reader.Error(Expected);
}

/// <summary>A URI is its original string; relative URIs are allowed.</summary>
internal sealed class JsonUriConverter : JsonValueConverter<Uri?>
{
    internal override JsonObject DescribeSchema(SchemaBuilder schema) => SchemaBuilder.Of("string", "uri-reference");

    public override void Write(ref FastJsonWriter writer, Uri? value) => writer.WriteString(value?.OriginalString);

    public override Uri? Read(ref FastJsonReader reader)
        => reader.ReadString() is not { } text ? null
            : Uri.TryCreate(text, UriKind.RelativeOrAbsolute, out var uri) ? uri : throw reader.Error("Expected a URI.");
}

/// <summary>A version is its text (<c>1.2.3.4</c>), as System.Text.Json writes it.</summary>
internal sealed class JsonVersionConverter : JsonValueConverter<Version?>
{
    internal override JsonObject DescribeSchema(SchemaBuilder schema)
        => new() { ["type"] = "string", ["pattern"] = "^[0-9]+(\\.[0-9]+){1,3}$" };

    public override void Write(ref FastJsonWriter writer, Version? value) => writer.WriteString(value?.ToString());

    public override Version? Read(ref FastJsonReader reader)
        => reader.TryReadNull() ? null
            : SystemTextJsonStrings.TryRead(JsonMetadataServices.VersionConverter, reader.ReadStringToken(), out var version) ? version
            : throw reader.Error("Expected a version such as 1.2.3.4.");
}

/// <summary>Bytes are a base64 string (RFC 4648 §4, with padding).</summary>
internal sealed class JsonByteArrayConverter : JsonValueConverter<byte[]?>
{
    internal override JsonObject DescribeSchema(SchemaBuilder schema) => new() { ["type"] = "string", ["contentEncoding"] = "base64" };

    public override void Write(ref FastJsonWriter writer, byte[]? value)
    {
        if (value is null)
        {
            writer.WriteNull();
            return;
        }

        writer.WriteBase64String(value);
    }

    public override byte[]? Read(ref FastJsonReader reader)
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
}

/// <summary>A value written as text: see <see cref="TextFormat{T}"/>.</summary>
internal sealed class JsonFormattedStringConverter<T> : JsonValueConverter<T>
{
    private readonly TextFormat<T> _format;
    private readonly SystemTextJsonStrings.TokenReader<T> _read;
    private readonly Func<JsonObject> _describe;

    public JsonFormattedStringConverter(TextFormat<T> format, SystemTextJsonStrings.TokenReader<T> read, Func<JsonObject> describe)
    {
        _format = format;
        _read = read;
        _describe = describe;
    }

    internal override JsonObject DescribeSchema(SchemaBuilder schema) => _describe();

    public override void Write(ref FastJsonWriter writer, T value)
        => writer.EndAsciiString(_format.Format(value, writer.BeginAsciiString(TextFormat<T>.MaxLength)));

    public override T Read(ref FastJsonReader reader)
        => _read(reader.ReadStringToken(), out var value) ? value : throw reader.Error(_format.Expected);
}
