using System.Buffers.Text;
using System.Globalization;
using System.Numerics;
using System.Text;
using System.Text.Json;
using FastFormatters.Serialization;
using FastFormatters.Serialization.Composites;
using FastFormatters.Serialization.Values;

namespace FastFormatters.MessagePack.Converters;

/// <summary>
/// Dictionary keys as MessagePack-CSharp writes them: integers as integers, enums as the enum's values are written,
/// GUIDs and strings (renamed by the contract's dictionary key policy when it has one) as strings. The text forms are
/// read too.
/// </summary>
internal abstract class MessagePackDictionaryKey<TKey> : DictionaryKey<TKey, FastMessagePackWriter, FastMessagePackReader>
{
    /// <summary>Reads a key: a string, or an integer where the key type is one (other writers send those).</summary>
    public override TKey Read(ref FastMessagePackReader reader)
        => TryParse(reader.ReadStringSpan(), out var key) ? key : throw reader.Error(Expected);
}

internal sealed class MessagePackStringKey : MessagePackDictionaryKey<string>
{
    private readonly JsonNamingPolicy? _policy;

    public MessagePackStringKey(JsonNamingPolicy? policy) => _policy = policy;

    public override string Expected => "Expected a string key.";

    public override void Write(ref FastMessagePackWriter writer, string key) => writer.WriteString(_policy?.ConvertName(key) ?? key);

    public override bool TryParse(ReadOnlySpan<byte> utf8, out string key)
    {
        key = Encoding.UTF8.GetString(utf8);
        return true;
    }
}

internal sealed class MessagePackIntegerKey<TKey> : MessagePackDictionaryKey<TKey>
    where TKey : IBinaryInteger<TKey>, IMinMaxValue<TKey>, IUtf8SpanFormattable
{
    public override string Expected { get; } = DictionaryKeys.ExpectedInteger<TKey>();

    public override void Write(ref FastMessagePackWriter writer, TKey key)
    {
        // Key types are the primitive integers (64 bits at most), so each fits one of the two.
        if (TKey.IsNegative(key))
        {
            writer.WriteInt64(long.CreateTruncating(key));
        }
        else
        {
            writer.WriteUInt64(ulong.CreateTruncating(key));
        }
    }

    public override bool TryParse(ReadOnlySpan<byte> utf8, out TKey key) => NumberText.TryParseInteger(utf8, out key);

    public override TKey Read(ref FastMessagePackReader reader)
    {
        if (reader.PeekKind() != MessagePackValueKind.Integer)
        {
            return base.Read(ref reader);
        }

        Span<byte> buffer = stackalloc byte[48];
        reader.ReadInteger().TryFormat(buffer, out int written, default, CultureInfo.InvariantCulture);
        return TryParse(buffer[..written], out var key) ? key : throw reader.Error(Expected);
    }
}

internal sealed class MessagePackGuidKey : MessagePackDictionaryKey<Guid>
{
    public override string Expected => "The key is not a GUID.";

    public override void Write(ref FastMessagePackWriter writer, Guid key) => writer.WriteFormattedString(key, "D");

    public override bool TryParse(ReadOnlySpan<byte> utf8, out Guid key)
        => Utf8Parser.TryParse(utf8, out key, out int consumed, 'D') && consumed == utf8.Length;
}

/// <summary>Enum keys are written and read as the enum's values are.</summary>
internal sealed class MessagePackEnumKey<TKey> : MessagePackDictionaryKey<TKey>
    where TKey : struct, Enum
{
    private readonly MessagePackEnumConverter<TKey> _enum;

    public MessagePackEnumKey(ValueConverter<TKey> enumConverter) => _enum = (MessagePackEnumConverter<TKey>)enumConverter;

    public override string Expected { get; } = $"The key is not a value of the enum {typeof(TKey).Name}.";

    public override void Write(ref FastMessagePackWriter writer, TKey key) => _enum.Write(ref writer, key);

    public override TKey Read(ref FastMessagePackReader reader) => _enum.Read(ref reader);

    public override bool TryParse(ReadOnlySpan<byte> utf8, out TKey key) => _enum.Names.TryParseName(utf8, out key);
}
