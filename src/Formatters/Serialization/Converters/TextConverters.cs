using System.Buffers;
using System.Buffers.Text;
using System.Text;
using FastFormatters.Json;

namespace FastFormatters.Serialization.Converters;

internal sealed class BooleanConverter : ValueConverter<bool>
{
    public override void WriteJson(ref JsonWriter writer, bool value) => writer.WriteBoolean(value);

    public override bool ReadJson(ref JsonReader reader) => reader.ReadBoolean();
}

internal sealed class StringConverter : ValueConverter<string?>
{
    public override void WriteJson(ref JsonWriter writer, string? value) => writer.WriteString(value);

    public override string? ReadJson(ref JsonReader reader) => reader.ReadString();
}

/// <summary>A char is a one-character string.</summary>
internal sealed class CharConverter : ValueConverter<char>
{
    public override void WriteJson(ref JsonWriter writer, char value) => writer.WriteString(new ReadOnlySpan<char>(in value));

    public override char ReadJson(ref JsonReader reader)
    {
        var utf8 = reader.ReadStringValue();
        Span<char> chars = stackalloc char[2];
        if (utf8.Length > 4 || Encoding.UTF8.GetChars(utf8, chars) != 1)
        {
            throw reader.Error("Expected a string of exactly one character.");
        }

        return chars[0];
    }
}

/// <summary>A URI is its original string; relative URIs are allowed.</summary>
internal sealed class UriConverter : ValueConverter<Uri?>
{
    public override void WriteJson(ref JsonWriter writer, Uri? value) => writer.WriteString(value?.OriginalString);

    public override Uri? ReadJson(ref JsonReader reader)
    {
        var text = reader.ReadString();
        if (text is null)
        {
            return null;
        }

        return Uri.TryCreate(text, UriKind.RelativeOrAbsolute, out var uri) ? uri : throw reader.Error("Expected a URI.");
    }
}

/// <summary>Bytes are a base64 string (RFC 4648 §4, with padding).</summary>
internal sealed class ByteArrayConverter : ValueConverter<byte[]?>
{
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
}
