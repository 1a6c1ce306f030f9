using System.Globalization;
using System.Numerics;
using FastFormatters.Serialization;
using FastFormatters.Serialization.Composites;
using FastFormatters.Serialization.Values;

namespace FastFormatters.MessagePack.Converters;

/// <summary>
/// Integer keys as MessagePack-CSharp writes them: integers. Their text is read too, as other writers send it. (String
/// and GUID keys are strings in every format: <see cref="StringKey{TCodec, TWriter, TReader}"/>,
/// <see cref="GuidKey{TCodec, TWriter, TReader}"/>.)
/// </summary>
internal sealed class MessagePackIntegerKey<TKey> : TextKey<MessagePackCodec, FastMessagePackWriter, FastMessagePackReader, TKey>
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

/// <summary>Enum keys as MessagePack-CSharp writes them: as the enum's values are written and read.</summary>
internal sealed class MessagePackEnumKey<TKey> : DictionaryKey<TKey, FastMessagePackWriter, FastMessagePackReader>
    where TKey : struct, Enum
{
    private readonly MessagePackEnumConverter<TKey> _enum;

    public MessagePackEnumKey(ValueConverter<TKey> enumConverter) => _enum = (MessagePackEnumConverter<TKey>)enumConverter;

    public override void Write(ref FastMessagePackWriter writer, TKey key) => _enum.Write(ref writer, key);

    public override TKey Read(ref FastMessagePackReader reader) => _enum.Read(ref reader);
}
