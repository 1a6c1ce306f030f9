using System.Globalization;
using System.Numerics;
using System.Text.Json;
using FastFormatters.Serialization;
using FastFormatters.Serialization.Composites;
using FastFormatters.Serialization.Values;

namespace FastFormatters.Json.Converters;

/// <summary>
/// Integer keys as JSON member names: their text, parsed as System.Text.Json parses it. (String and GUID keys are text
/// in every format: <see cref="StringKey{TCodec, TWriter, TReader}"/>, <see cref="GuidKey{TCodec, TWriter, TReader}"/>.)
/// </summary>
internal sealed class JsonIntegerKey<TKey> : TextKey<JsonCodec, FastJsonWriter, FastJsonReader, TKey>
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

/// <summary>Enum keys as JSON member names: the enum's names (numbers for values without a name), renamed by the key policy.</summary>
internal sealed class JsonEnumKey<TKey> : TextKey<JsonCodec, FastJsonWriter, FastJsonReader, TKey>
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
