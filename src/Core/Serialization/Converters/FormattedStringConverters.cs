using System.Text.Json.Nodes;
using System.Buffers.Binary;
using System.Buffers.Text;
using System.Globalization;
using System.Text;
using FastFormatters.Json;
using FastFormatters.MessagePack;

namespace FastFormatters.Serialization.Converters;

/// <summary>
/// Values written as text in JSON: ISO 8601 dates in the round-trip form with trailing zeros of the fraction removed
/// (as System.Text.Json writes them: <c>2024-05-01T12:30:00Z</c>, <c>2024-05-01T12:30:00.25+02:00</c>),
/// <c>yyyy-MM-dd</c> dates, <c>HH:mm:ss[.fffffff]</c> times, <c>[-][d.]hh:mm:ss[.fffffff]</c> durations and
/// hyphenated GUIDs. In MessagePack each type writes what MessagePack-CSharp writes for it (a GUID stays text); the
/// readers there take that form and the text too.
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

    public override void WriteMessagePack(ref MessagePackWriter writer, T value)
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
}

internal sealed class DateTimeConverter : FormattedStringConverter<DateTime>
{
    /// <remarks>MessagePack's timestamp extension (-1), shown decoded as date-time text.</remarks>
    public override JsonObject DescribeSchema(SchemaBuilder schema) => SchemaBuilder.Of("string", "date-time");

    protected override string Expected => "Expected an ISO 8601 date and time.";

    /// <summary>The timestamp extension, in UTC, as MessagePack-CSharp writes it.</summary>
    public override void WriteMessagePack(ref MessagePackWriter writer, DateTime value) => MessagePackTimestamp.Write(ref writer, value);

    public override DateTime ReadMessagePack(ref MessagePackReader reader)
        => MessagePackTimestamp.TryRead(ref reader, out var timestamp) ? timestamp : base.ReadMessagePack(ref reader);

    protected override int Format(DateTime value, Span<byte> destination) => IsoDateText.Format(value, destination);

    protected override bool TryParse(ReadOnlySpan<char> text, out DateTime value)
        => DateTime.TryParseExact(text, IsoDateText.Formats, CultureInfo.InvariantCulture, DateTimeStyles.RoundtripKind, out value);
}

/// <summary>
/// A date, time and offset; without an offset the input is taken as UTC. MessagePack: MessagePack-CSharp's
/// <c>[local date and time as a timestamp, offset in minutes]</c>; a lone timestamp is read as UTC.
/// </summary>
internal sealed class DateTimeOffsetConverter : FormattedStringConverter<DateTimeOffset>
{
    /// <remarks>In MessagePack, MessagePack-CSharp's pair of a timestamp (shown decoded) and the offset in minutes.</remarks>
    public override JsonObject DescribeSchema(SchemaBuilder schema)
        => schema.IsMessagePack ? SchemaBuilder.Tuple(SchemaBuilder.Of("string", "date-time"), SchemaBuilder.Of("integer")) : SchemaBuilder.Of("string", "date-time");

    protected override string Expected => "Expected an ISO 8601 date and time.";

    public override void WriteMessagePack(ref MessagePackWriter writer, DateTimeOffset value)
    {
        writer.WriteArrayHeader(2);
        MessagePackTimestamp.Write(ref writer, new DateTime(value.Ticks, DateTimeKind.Utc));
        writer.WriteInt64((long)value.Offset.TotalMinutes);
        writer.WriteEndContainer();
    }

    public override DateTimeOffset ReadMessagePack(ref MessagePackReader reader)
    {
        switch (reader.PeekType())
        {
            case MessagePackType.Array:
                if (reader.ReadArrayHeader() != 2)
                {
                    throw reader.Error("A date with offset is an array of a timestamp and an offset in minutes.");
                }

                if (!MessagePackTimestamp.TryRead(ref reader, out var local))
                {
                    throw reader.Unexpected("a timestamp");
                }

                var minutes = reader.ReadInteger();
                reader.EndContainer();
                if (minutes < -14 * 60 || minutes > 14 * 60)
                {
                    throw reader.Error("The offset is not between -14 and +14 hours.");
                }

                long ticks = local.Ticks - (long)minutes * TimeSpan.TicksPerMinute;
                if (ticks < DateTime.MinValue.Ticks || ticks > DateTime.MaxValue.Ticks)
                {
                    throw reader.Error("The date with its offset is out of range.");
                }

                return new DateTimeOffset(local.Ticks, TimeSpan.FromMinutes((long)minutes));
            case MessagePackType.Extension:
                MessagePackTimestamp.TryRead(ref reader, out var utc);
                return new DateTimeOffset(utc, TimeSpan.Zero);
            default:
                return base.ReadMessagePack(ref reader);
        }
    }

    protected override int Format(DateTimeOffset value, Span<byte> destination) => IsoDateText.Format(value, destination);

    protected override bool TryParse(ReadOnlySpan<char> text, out DateTimeOffset value)
        => DateTimeOffset.TryParseExact(text, IsoDateText.Formats, CultureInfo.InvariantCulture, DateTimeStyles.AssumeUniversal, out value);
}

/// <summary>A date; MessagePack: its day number (days since 0001-01-01), as MessagePack-CSharp writes it.</summary>
internal sealed class DateOnlyConverter : FormattedStringConverter<DateOnly>
{
    /// <remarks>In MessagePack, the day number (days since 0001-01-01).</remarks>
    public override JsonObject DescribeSchema(SchemaBuilder schema)
        => schema.IsMessagePack ? SchemaBuilder.Of("integer", "int32") : SchemaBuilder.Of("string", "date");

    private static readonly int s_maxDayNumber = DateOnly.MaxValue.DayNumber;

    protected override string Expected => "Expected a date as yyyy-MM-dd.";

    public override void WriteMessagePack(ref MessagePackWriter writer, DateOnly value) => writer.WriteInt64(value.DayNumber);

    public override DateOnly ReadMessagePack(ref MessagePackReader reader)
    {
        if (reader.PeekType() != MessagePackType.Integer)
        {
            return base.ReadMessagePack(ref reader);
        }

        var dayNumber = reader.ReadInteger();
        return dayNumber >= 0 && dayNumber <= s_maxDayNumber
            ? DateOnly.FromDayNumber((int)dayNumber)
            : throw reader.Error("The day number is out of the range of DateOnly.");
    }

    protected override int Format(DateOnly value, Span<byte> destination)
    {
        value.TryFormat(destination, out int written, "yyyy'-'MM'-'dd", CultureInfo.InvariantCulture);
        return written;
    }

    protected override bool TryParse(ReadOnlySpan<char> text, out DateOnly value)
        => DateOnly.TryParseExact(text, "yyyy'-'MM'-'dd", CultureInfo.InvariantCulture, DateTimeStyles.None, out value);
}

/// <summary>A time of day; MessagePack: its ticks since midnight, as MessagePack-CSharp writes it.</summary>
internal sealed class TimeOnlyConverter : FormattedStringConverter<TimeOnly>
{
    /// <remarks>In MessagePack, ticks since midnight.</remarks>
    public override JsonObject DescribeSchema(SchemaBuilder schema)
        => schema.IsMessagePack
            ? SchemaBuilder.Of("integer", "int64")
            : new JsonObject { ["type"] = "string", ["pattern"] = "^[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]{1,7})?$" };

    private static readonly string[] s_formats = ["HH':'mm':'ss.FFFFFFF", "HH':'mm':'ss", "HH':'mm"];

    protected override string Expected => "Expected a time as HH:mm:ss.";

    public override void WriteMessagePack(ref MessagePackWriter writer, TimeOnly value) => writer.WriteInt64(value.Ticks);

    public override TimeOnly ReadMessagePack(ref MessagePackReader reader)
    {
        if (reader.PeekType() != MessagePackType.Integer)
        {
            return base.ReadMessagePack(ref reader);
        }

        var ticks = reader.ReadInteger();
        return ticks >= 0 && ticks <= TimeOnly.MaxValue.Ticks
            ? new TimeOnly((long)ticks)
            : throw reader.Error("The ticks are out of the range of TimeOnly.");
    }

    // As System.Text.Json writes it: seconds, and all seven fraction digits when there is a fraction.
    protected override int Format(TimeOnly value, Span<byte> destination)
    {
        value.TryFormat(destination, out int written, value.Ticks % TimeSpan.TicksPerSecond == 0 ? "HH':'mm':'ss" : "HH':'mm':'ss'.'fffffff", CultureInfo.InvariantCulture);
        return written;
    }

    protected override bool TryParse(ReadOnlySpan<char> text, out TimeOnly value)
        => TimeOnly.TryParseExact(text, s_formats, CultureInfo.InvariantCulture, DateTimeStyles.None, out value);
}

/// <summary>A duration; MessagePack: its ticks, as MessagePack-CSharp writes it.</summary>
internal sealed class TimeSpanConverter : FormattedStringConverter<TimeSpan>
{
    /// <remarks>In MessagePack, ticks.</remarks>
    public override JsonObject DescribeSchema(SchemaBuilder schema)
        => schema.IsMessagePack
            ? SchemaBuilder.Of("integer", "int64")
            : new JsonObject { ["type"] = "string", ["pattern"] = "^-?([0-9]+\\.)?[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]{1,7})?$" };

    protected override string Expected => "Expected a duration as [-][d.]hh:mm:ss[.fffffff].";

    public override void WriteMessagePack(ref MessagePackWriter writer, TimeSpan value) => writer.WriteInt64(value.Ticks);

    public override TimeSpan ReadMessagePack(ref MessagePackReader reader)
    {
        if (reader.PeekType() != MessagePackType.Integer)
        {
            return base.ReadMessagePack(ref reader);
        }

        var ticks = reader.ReadInteger();
        return ticks >= long.MinValue && ticks <= long.MaxValue
            ? new TimeSpan((long)ticks)
            : throw reader.Error("The ticks are out of the range of TimeSpan.");
    }

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
    public override JsonObject DescribeSchema(SchemaBuilder schema) => SchemaBuilder.Of("string", "uuid");

    protected override string Expected => "Expected a GUID as xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx.";

    protected override int Format(Guid value, Span<byte> destination)
    {
        value.TryFormat(destination, out int written, "D");
        return written;
    }

    protected override bool TryParse(ReadOnlySpan<char> text, out Guid value) => Guid.TryParseExact(text, "D", out value);
}
