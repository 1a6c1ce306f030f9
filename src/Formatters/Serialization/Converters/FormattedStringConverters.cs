using System.Buffers.Binary;
using System.Buffers.Text;
using System.Globalization;
using System.Text;
using FastFormatters.Json;
using FastFormatters.MessagePack;

namespace FastFormatters.Serialization.Converters;

/// <summary>
/// Values written as text in every format: ISO 8601 dates in the round-trip form with trailing zeros of the fraction
/// removed (as System.Text.Json writes them: <c>2024-05-01T12:30:00Z</c>, <c>2024-05-01T12:30:00.25+02:00</c>),
/// <c>yyyy-MM-dd</c> dates, <c>HH:mm:ss[.fffffff]</c> times, <c>[-][d.]hh:mm:ss[.fffffff]</c> durations and
/// hyphenated GUIDs. The same text in JSON strings and MessagePack strings.
/// </summary>
internal abstract class FormattedStringConverter<T> : ValueConverter<T>
{
    private const int MaxLength = 64;

    /// <summary>What a client must send, for the error message.</summary>
    protected abstract string Expected { get; }

    public sealed override void WriteJson(ref JsonWriter writer, T value)
        => writer.EndAsciiString(Format(value, writer.BeginAsciiString(MaxLength)));

    public override T ReadJson(ref JsonReader reader)
        => TryParseText(reader.ReadStringValue(), out var value) ? value : throw reader.Error(Expected);

    public sealed override void WriteMessagePack(ref MessagePackWriter writer, T value)
    {
        Span<byte> text = stackalloc byte[MaxLength];
        writer.WriteStringUtf8(text[..Format(value, text)]);
    }

    public override T ReadMessagePack(ref MessagePackReader reader)
        => TryParseText(reader.ReadStringSpan(), out var value) ? value : throw reader.Error(Expected);

    /// <summary>Writes the ASCII text of <paramref name="value"/>; returns its length.</summary>
    protected abstract int Format(T value, Span<byte> destination);

    protected abstract bool TryParse(ReadOnlySpan<char> text, out T value);

    private bool TryParseText(ReadOnlySpan<byte> utf8, out T value)
    {
        Span<char> chars = stackalloc char[MaxLength];
        if (utf8.Length > MaxLength || !Ascii.IsValid(utf8))
        {
            value = default!;
            return false;
        }

        Encoding.ASCII.GetChars(utf8, chars);
        return TryParse(chars[..utf8.Length], out value);
    }
}

/// <summary>The round-trip ("O") text of a date, with trailing zeros of the fraction removed.</summary>
internal static class IsoDateText
{
    // Accepted on read: the extended ISO 8601 forms, with or without seconds, fraction and zone.
    public static readonly string[] Formats =
    [
        "yyyy'-'MM'-'dd'T'HH':'mm':'ss.FFFFFFFK",
        "yyyy'-'MM'-'dd'T'HH':'mm':'ssK",
        "yyyy'-'MM'-'dd'T'HH':'mmK",
        "yyyy'-'MM'-'dd",
    ];

    public static int Format<T>(T value, Span<byte> destination)
        where T : IUtf8SpanFormattable
    {
        value.TryFormat(destination, out int length, "O", CultureInfo.InvariantCulture);

        // "O" always has seven fraction digits at offsets 20..26 after the '.' at 19.
        int lastSignificant = 26;
        while (lastSignificant >= 20 && destination[lastSignificant] == (byte)'0')
        {
            lastSignificant--;
        }

        int keep = lastSignificant == 19 ? 19 : lastSignificant + 1;
        destination[27..length].CopyTo(destination[keep..]);
        return keep + length - 27;
    }

    /// <summary>Reads the MessagePack timestamp extension (-1), as other MessagePack writers send dates.</summary>
    public static bool TryReadTimestamp(ref MessagePackReader reader, out DateTime value)
    {
        value = default;
        if (reader.PeekType() != MessagePackType.Extension)
        {
            return false;
        }

        var data = reader.ReadExtension(out sbyte type);
        if (type != MessagePackCode.TimestampExtension)
        {
            throw reader.Error($"The extension type {type} is not a timestamp.");
        }

        (long seconds, long nanoseconds) = data.Length switch
        {
            4 => (BinaryPrimitives.ReadUInt32BigEndian(data), 0L),
            8 => ((long)(BinaryPrimitives.ReadUInt64BigEndian(data) & 0x3_FFFF_FFFFUL), (long)(BinaryPrimitives.ReadUInt64BigEndian(data) >> 34)),
            12 => (BinaryPrimitives.ReadInt64BigEndian(data[4..]), BinaryPrimitives.ReadUInt32BigEndian(data)),
            _ => throw reader.Error("A timestamp extension has 4, 8 or 12 bytes."),
        };
        if (nanoseconds > 999_999_999 || seconds < -62_135_596_800 || seconds > 253_402_300_799)
        {
            throw reader.Error("The timestamp is out of the range of DateTime.");
        }

        value = DateTime.UnixEpoch.AddSeconds(seconds).AddTicks(nanoseconds / 100);
        return true;
    }
}

internal sealed class DateTimeConverter : FormattedStringConverter<DateTime>
{
    protected override string Expected => "Expected an ISO 8601 date and time.";

    public override DateTime ReadMessagePack(ref MessagePackReader reader)
        => IsoDateText.TryReadTimestamp(ref reader, out var timestamp) ? timestamp : base.ReadMessagePack(ref reader);

    protected override int Format(DateTime value, Span<byte> destination) => IsoDateText.Format(value, destination);

    protected override bool TryParse(ReadOnlySpan<char> text, out DateTime value)
        => DateTime.TryParseExact(text, IsoDateText.Formats, CultureInfo.InvariantCulture, DateTimeStyles.RoundtripKind, out value);
}

/// <summary>A date, time and offset; without an offset the input is taken as UTC.</summary>
internal sealed class DateTimeOffsetConverter : FormattedStringConverter<DateTimeOffset>
{
    protected override string Expected => "Expected an ISO 8601 date and time.";

    public override DateTimeOffset ReadMessagePack(ref MessagePackReader reader)
        => IsoDateText.TryReadTimestamp(ref reader, out var timestamp) ? new DateTimeOffset(timestamp, TimeSpan.Zero) : base.ReadMessagePack(ref reader);

    protected override int Format(DateTimeOffset value, Span<byte> destination) => IsoDateText.Format(value, destination);

    protected override bool TryParse(ReadOnlySpan<char> text, out DateTimeOffset value)
        => DateTimeOffset.TryParseExact(text, IsoDateText.Formats, CultureInfo.InvariantCulture, DateTimeStyles.AssumeUniversal, out value);
}

internal sealed class DateOnlyConverter : FormattedStringConverter<DateOnly>
{
    protected override string Expected => "Expected a date as yyyy-MM-dd.";

    protected override int Format(DateOnly value, Span<byte> destination)
    {
        value.TryFormat(destination, out int written, "yyyy'-'MM'-'dd", CultureInfo.InvariantCulture);
        return written;
    }

    protected override bool TryParse(ReadOnlySpan<char> text, out DateOnly value)
        => DateOnly.TryParseExact(text, "yyyy'-'MM'-'dd", CultureInfo.InvariantCulture, DateTimeStyles.None, out value);
}

internal sealed class TimeOnlyConverter : FormattedStringConverter<TimeOnly>
{
    private static readonly string[] s_formats = ["HH':'mm':'ss.FFFFFFF", "HH':'mm':'ss", "HH':'mm"];

    protected override string Expected => "Expected a time as HH:mm:ss.";

    protected override int Format(TimeOnly value, Span<byte> destination)
    {
        value.TryFormat(destination, out int written, "HH':'mm':'ss.FFFFFFF", CultureInfo.InvariantCulture);
        return written;
    }

    protected override bool TryParse(ReadOnlySpan<char> text, out TimeOnly value)
        => TimeOnly.TryParseExact(text, s_formats, CultureInfo.InvariantCulture, DateTimeStyles.None, out value);
}

internal sealed class TimeSpanConverter : FormattedStringConverter<TimeSpan>
{
    protected override string Expected => "Expected a duration as [-][d.]hh:mm:ss[.fffffff].";

    protected override int Format(TimeSpan value, Span<byte> destination)
    {
        value.TryFormat(destination, out int written, "c", CultureInfo.InvariantCulture);
        return written;
    }

    protected override bool TryParse(ReadOnlySpan<char> text, out TimeSpan value)
        => TimeSpan.TryParseExact(text, "c", CultureInfo.InvariantCulture, out value);
}

internal sealed class GuidConverter : FormattedStringConverter<Guid>
{
    protected override string Expected => "Expected a GUID as xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx.";

    protected override int Format(Guid value, Span<byte> destination)
    {
        value.TryFormat(destination, out int written, "D");
        return written;
    }

    protected override bool TryParse(ReadOnlySpan<char> text, out Guid value) => Guid.TryParseExact(text, "D", out value);
}
