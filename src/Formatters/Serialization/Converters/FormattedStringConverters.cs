using System.Buffers.Text;
using System.Globalization;
using System.Text;
using FastFormatters.Json;

namespace FastFormatters.Serialization.Converters;

/// <summary>
/// Dates are ISO 8601 strings in the round-trip form, with trailing zeros of the fraction removed, as System.Text.Json
/// writes them: <c>2024-05-01T12:30:00Z</c>, <c>2024-05-01T12:30:00.25+02:00</c>.
/// </summary>
internal static class IsoDateText
{
    // Accepted on read: the extended ISO 8601 forms, with or without seconds, fraction and zone.
    private static readonly string[] s_dateTimeFormats =
    [
        "yyyy'-'MM'-'dd'T'HH':'mm':'ss.FFFFFFFK",
        "yyyy'-'MM'-'dd'T'HH':'mm':'ssK",
        "yyyy'-'MM'-'dd'T'HH':'mmK",
        "yyyy'-'MM'-'dd",
    ];

    public static void Write<T>(ref JsonWriter writer, T value)
        where T : IUtf8SpanFormattable
    {
        Span<byte> buffer = stackalloc byte[48];
        value.TryFormat(buffer, out int length, "O", CultureInfo.InvariantCulture);

        // "O" always has seven fraction digits at offsets 20..26 after the '.' at 19.
        int lastSignificant = 26;
        while (lastSignificant >= 20 && buffer[lastSignificant] == (byte)'0')
        {
            lastSignificant--;
        }

        int keep = lastSignificant == 19 ? 19 : lastSignificant + 1;
        buffer[27..length].CopyTo(buffer[keep..]);
        writer.WriteAsciiString(buffer[..(keep + length - 27)]);
    }

    public static DateTime ReadDateTime(ref JsonReader reader)
    {
        Span<char> chars = stackalloc char[64];
        int length = ReadAscii(ref reader, chars);
        if (!DateTime.TryParseExact(chars[..length], s_dateTimeFormats, CultureInfo.InvariantCulture, DateTimeStyles.RoundtripKind, out var value))
        {
            throw reader.Error("Expected an ISO 8601 date and time.");
        }

        return value;
    }

    public static DateTimeOffset ReadDateTimeOffset(ref JsonReader reader)
    {
        Span<char> chars = stackalloc char[64];
        int length = ReadAscii(ref reader, chars);
        if (!DateTimeOffset.TryParseExact(chars[..length], s_dateTimeFormats, CultureInfo.InvariantCulture, DateTimeStyles.AssumeUniversal, out var value))
        {
            throw reader.Error("Expected an ISO 8601 date and time.");
        }

        return value;
    }

    /// <summary>Reads a short string of ASCII into <paramref name="chars"/>, for the parsers that take chars.</summary>
    public static int ReadAscii(ref JsonReader reader, scoped Span<char> chars)
    {
        var utf8 = reader.ReadStringValue();
        if (utf8.Length > chars.Length || Encoding.ASCII.GetChars(utf8, chars) != utf8.Length || !Ascii.IsValid(utf8))
        {
            throw reader.Error("The string is not in the expected format.");
        }

        return utf8.Length;
    }
}

internal sealed class DateTimeConverter : ValueConverter<DateTime>
{
    public override void WriteJson(ref JsonWriter writer, DateTime value) => IsoDateText.Write(ref writer, value);

    public override DateTime ReadJson(ref JsonReader reader) => IsoDateText.ReadDateTime(ref reader);
}

internal sealed class DateTimeOffsetConverter : ValueConverter<DateTimeOffset>
{
    public override void WriteJson(ref JsonWriter writer, DateTimeOffset value) => IsoDateText.Write(ref writer, value);

    public override DateTimeOffset ReadJson(ref JsonReader reader) => IsoDateText.ReadDateTimeOffset(ref reader);
}

/// <summary>A date is <c>yyyy-MM-dd</c>.</summary>
internal sealed class DateOnlyConverter : ValueConverter<DateOnly>
{
    public override void WriteJson(ref JsonWriter writer, DateOnly value) => writer.WriteFormattedString(value, "yyyy'-'MM'-'dd");

    public override DateOnly ReadJson(ref JsonReader reader)
    {
        Span<char> chars = stackalloc char[16];
        int length = IsoDateText.ReadAscii(ref reader, chars);
        return DateOnly.TryParseExact(chars[..length], "yyyy'-'MM'-'dd", CultureInfo.InvariantCulture, DateTimeStyles.None, out var value)
            ? value
            : throw reader.Error("Expected a date as yyyy-MM-dd.");
    }
}

/// <summary>A time of day is <c>HH:mm:ss</c> with an optional fraction.</summary>
internal sealed class TimeOnlyConverter : ValueConverter<TimeOnly>
{
    private static readonly string[] s_formats = ["HH':'mm':'ss.FFFFFFF", "HH':'mm':'ss", "HH':'mm"];

    public override void WriteJson(ref JsonWriter writer, TimeOnly value) => writer.WriteFormattedString(value, "HH':'mm':'ss.FFFFFFF");

    public override TimeOnly ReadJson(ref JsonReader reader)
    {
        Span<char> chars = stackalloc char[32];
        int length = IsoDateText.ReadAscii(ref reader, chars);
        return TimeOnly.TryParseExact(chars[..length], s_formats, CultureInfo.InvariantCulture, DateTimeStyles.None, out var value)
            ? value
            : throw reader.Error("Expected a time as HH:mm:ss.");
    }
}

/// <summary>A duration is the constant format <c>[-][d.]hh:mm:ss[.fffffff]</c>.</summary>
internal sealed class TimeSpanConverter : ValueConverter<TimeSpan>
{
    public override void WriteJson(ref JsonWriter writer, TimeSpan value) => writer.WriteFormattedString(value, "c");

    public override TimeSpan ReadJson(ref JsonReader reader)
    {
        Span<char> chars = stackalloc char[32];
        int length = IsoDateText.ReadAscii(ref reader, chars);
        return TimeSpan.TryParseExact(chars[..length], "c", CultureInfo.InvariantCulture, out var value)
            ? value
            : throw reader.Error("Expected a duration as [-][d.]hh:mm:ss[.fffffff].");
    }
}

/// <summary>A GUID is the 36-character hyphenated form.</summary>
internal sealed class GuidConverter : ValueConverter<Guid>
{
    public override void WriteJson(ref JsonWriter writer, Guid value) => writer.WriteFormattedString(value, "D");

    public override Guid ReadJson(ref JsonReader reader)
    {
        var utf8 = reader.ReadStringValue();
        return Utf8Parser.TryParse(utf8, out Guid value, out int consumed, 'D') && consumed == utf8.Length
            ? value
            : throw reader.Error("Expected a GUID as xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx.");
    }
}
