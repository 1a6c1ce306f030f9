using System.Globalization;
using System.Text;

namespace FastFormatters.Serialization.Values;

/// <summary>
/// The text form of a value that JSON writes as a string (and MessagePack writes as a string where MessagePack-CSharp
/// does, or reads as one from other writers): ISO 8601 dates in the round-trip form with trailing zeros of the fraction
/// removed (as System.Text.Json writes them: <c>2024-05-01T12:30:00Z</c>, <c>2024-05-01T12:30:00.25+02:00</c>),
/// <c>yyyy-MM-dd</c> dates, <c>HH:mm:ss[.fffffff]</c> times, <c>[-][d.]hh:mm:ss[.fffffff]</c> durations and
/// hyphenated GUIDs.
/// </summary>
internal abstract class TextFormat<T>
{
    /// <summary>The longest text any value takes, in ASCII bytes.</summary>
    public const int MaxLength = 64;

    /// <summary>What a client must send, for the error message.</summary>
    public abstract string Expected { get; }

    /// <summary>Writes the ASCII text of <paramref name="value"/>; returns its length.</summary>
    public abstract int Format(T value, Span<byte> destination);

    /// <summary>Parses the UTF-8 text of a value.</summary>
    public bool TryParse(ReadOnlySpan<byte> utf8, out T value)
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

    protected abstract bool TryParse(ReadOnlySpan<char> text, out T value);
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

    /// <summary>
    /// Whether the zone of <paramref name="text"/>, if it has an offset, is spelled <c>+HH:MM</c> or <c>-HH:MM</c>: the
    /// "K" specifier also reads <c>+0200</c>, <c>+2</c> and <c>+2:00</c>, which System.Text.Json refuses.
    /// </summary>
    public static bool HasExtendedOffset(ReadOnlySpan<char> text)
    {
        // After the date (whose own '-' separators come first), a sign can only start an offset.
        int sign = text.Length > 10 ? text[10..].LastIndexOfAny('+', '-') : -1;
        if (sign < 0)
        {
            return true;
        }

        var offset = text[(10 + sign)..];
        return offset is [_, var h1, var h2, ':', var m1, var m2]
            && char.IsAsciiDigit(h1) && char.IsAsciiDigit(h2) && char.IsAsciiDigit(m1) && char.IsAsciiDigit(m2);
    }

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

internal sealed class DateTimeText : TextFormat<DateTime>
{
    public static readonly DateTimeText Instance = new();

    public override string Expected => "Expected an ISO 8601 date and time.";

    public override int Format(DateTime value, Span<byte> destination) => IsoDateText.Format(value, destination);

    // A time with an offset is converted to local time; one whose instant falls outside DateTime's range (before year 1
    // once the offset is taken off) is refused, as System.Text.Json refuses it, rather than read on another day.
    protected override bool TryParse(ReadOnlySpan<char> text, out DateTime value)
        => DateTime.TryParseExact(text, IsoDateText.Formats, CultureInfo.InvariantCulture, DateTimeStyles.RoundtripKind, out value)
            && IsoDateText.HasExtendedOffset(text)
            && (value.Kind != DateTimeKind.Local || DateTimeOffset.TryParseExact(text, IsoDateText.Formats, CultureInfo.InvariantCulture, DateTimeStyles.None, out _));
}

/// <summary>A date, time and offset; without an offset the input is taken as UTC.</summary>
internal sealed class DateTimeOffsetText : TextFormat<DateTimeOffset>
{
    public static readonly DateTimeOffsetText Instance = new();

    public override string Expected => "Expected an ISO 8601 date and time.";

    public override int Format(DateTimeOffset value, Span<byte> destination) => IsoDateText.Format(value, destination);

    protected override bool TryParse(ReadOnlySpan<char> text, out DateTimeOffset value)
        => DateTimeOffset.TryParseExact(text, IsoDateText.Formats, CultureInfo.InvariantCulture, DateTimeStyles.AssumeUniversal, out value)
            && IsoDateText.HasExtendedOffset(text);
}

internal sealed class DateOnlyText : TextFormat<DateOnly>
{
    public static readonly DateOnlyText Instance = new();

    public override string Expected => "Expected a date as yyyy-MM-dd.";

    // "O" is yyyy-MM-dd for a date, and the runtime formats it directly; the same pattern spelled out goes through its
    // general custom-format path, which was 12 % of writing a small object with one date.
    public override int Format(DateOnly value, Span<byte> destination)
    {
        value.TryFormat(destination, out int written, "O", CultureInfo.InvariantCulture);
        return written;
    }

    protected override bool TryParse(ReadOnlySpan<char> text, out DateOnly value)
        => DateOnly.TryParseExact(text, "yyyy'-'MM'-'dd", CultureInfo.InvariantCulture, DateTimeStyles.None, out value);
}

internal sealed class TimeOnlyText : TextFormat<TimeOnly>
{
    public static readonly TimeOnlyText Instance = new();

    private static readonly string[] s_formats = ["HH':'mm':'ss.FFFFFFF", "HH':'mm':'ss", "HH':'mm"];

    public override string Expected => "Expected a time as HH:mm:ss.";

    // As System.Text.Json writes it: seconds, and all seven fraction digits when there is a fraction. "O" is
    // HH:mm:ss.fffffff, formatted directly (a custom pattern takes the runtime's slower general path), and a whole
    // second is its first eight characters.
    public override int Format(TimeOnly value, Span<byte> destination)
    {
        value.TryFormat(destination, out int written, "O", CultureInfo.InvariantCulture);
        return value.Ticks % TimeSpan.TicksPerSecond == 0 ? "HH:mm:ss".Length : written;
    }

    protected override bool TryParse(ReadOnlySpan<char> text, out TimeOnly value)
        => TimeOnly.TryParseExact(text, s_formats, CultureInfo.InvariantCulture, DateTimeStyles.None, out value);
}

internal sealed class TimeSpanText : TextFormat<TimeSpan>
{
    public static readonly TimeSpanText Instance = new();

    public override string Expected => "Expected a duration as [-][d.]hh:mm:ss[.fffffff].";

    public override int Format(TimeSpan value, Span<byte> destination)
    {
        value.TryFormat(destination, out int written, "c", CultureInfo.InvariantCulture);
        return written;
    }

    protected override bool TryParse(ReadOnlySpan<char> text, out TimeSpan value)
        => TimeSpan.TryParseExact(text, "c", CultureInfo.InvariantCulture, out value);
}

internal sealed class GuidText : TextFormat<Guid>
{
    public static readonly GuidText Instance = new();

    public override string Expected => "Expected a GUID as xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx.";

    public override int Format(Guid value, Span<byte> destination)
    {
        value.TryFormat(destination, out int written, "D");
        return written;
    }

    // The "D" form is 36 characters; Guid.TryParseExact also skips white space around it, which System.Text.Json refuses.
    protected override bool TryParse(ReadOnlySpan<char> text, out Guid value) => Guid.TryParseExact(text, "D", out value) && text.Length == 36;
}
