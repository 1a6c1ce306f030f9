using System.Buffers.Text;
using System.Globalization;
using System.Numerics;
using System.Text;
using System.Text.Json;
using FastFormatters.Serialization;
using FastFormatters.Serialization.Composites;
using FastFormatters.Serialization.Values;

namespace FastFormatters.Json.Converters;

/// <summary>
/// Dictionary keys as JSON member names, which are text: strings as they are (renamed by the contract's dictionary key
/// policy when it has one), integers and GUIDs as their text, enums by name.
/// </summary>
internal abstract class JsonDictionaryKey<TKey> : DictionaryKey<TKey, FastJsonWriter, FastJsonReader>
{
    /// <summary>Reads <c>"key":</c>.</summary>
    public sealed override TKey Read(ref FastJsonReader reader)
        => TryParse(reader.ReadPropertyName(), out var key) ? key : throw reader.Error(Expected);
}

internal sealed class JsonStringKey : JsonDictionaryKey<string>
{
    private readonly JsonNamingPolicy? _policy;

    public JsonStringKey(JsonNamingPolicy? policy) => _policy = policy;

    public override string Expected => "Expected a string key.";

    public override void Write(ref FastJsonWriter writer, string key) => writer.WritePropertyName((_policy?.ConvertName(key) ?? key).AsSpan());

    public override bool TryParse(ReadOnlySpan<byte> utf8, out string key)
    {
        key = Encoding.UTF8.GetString(utf8);
        return true;
    }
}

internal sealed class JsonIntegerKey<TKey> : JsonDictionaryKey<TKey>
    where TKey : IBinaryInteger<TKey>, IMinMaxValue<TKey>, IUtf8SpanFormattable
{
    public override string Expected { get; } = DictionaryKeys.ExpectedInteger<TKey>();

    public override void Write(ref FastJsonWriter writer, TKey key)
    {
        Span<byte> buffer = stackalloc byte[48];
        key.TryFormat(buffer, out int written, default, CultureInfo.InvariantCulture);
        writer.WriteAsciiPropertyName(buffer[..written]);
    }

    public override bool TryParse(ReadOnlySpan<byte> utf8, out TKey key) => JsonNumberText.TryParse(utf8, out key);
}

internal sealed class JsonGuidKey : JsonDictionaryKey<Guid>
{
    public override string Expected => "The key is not a GUID.";

    public override void Write(ref FastJsonWriter writer, Guid key)
    {
        Span<byte> buffer = stackalloc byte[36];
        key.TryFormat(buffer, out _, "D");
        writer.WriteAsciiPropertyName(buffer);
    }

    public override bool TryParse(ReadOnlySpan<byte> utf8, out Guid key)
        => Utf8Parser.TryParse(utf8, out key, out int consumed, 'D') && consumed == utf8.Length;
}

/// <summary>Enum keys are the enum's names (numbers for values without a name), renamed by the key policy.</summary>
internal sealed class JsonEnumKey<TKey> : JsonDictionaryKey<TKey>
    where TKey : struct, Enum
{
    private readonly EnumNames<TKey> _names;
    private readonly JsonNamingPolicy? _policy;

    public JsonEnumKey(ValueConverter<TKey> enumConverter, JsonNamingPolicy? policy)
    {
        _names = ((JsonEnumConverter<TKey>)enumConverter).Names;
        _policy = policy;
    }

    public override string Expected { get; } = $"The key is not a value of the enum {typeof(TKey).Name}.";

    public override void Write(ref FastJsonWriter writer, TKey key)
    {
        string name = _names.FormatName(key);
        writer.WritePropertyName((_policy?.ConvertName(name) ?? name).AsSpan());
    }

    public override bool TryParse(ReadOnlySpan<byte> utf8, out TKey key) => _names.TryParseName(utf8, out key);
}
