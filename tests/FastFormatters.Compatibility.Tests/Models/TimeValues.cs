using MessagePack;

namespace FastFormatters.Compatibility.Tests.Models;

/// <summary>
/// Dates and times: DateTime as timestamp ext -1 in its 32, 64 and 96-bit forms, DateTimeOffset as
/// <c>[local-clock timestamp, offset minutes]</c>, TimeSpan and TimeOnly as ticks, DateOnly as a day number.
/// </summary>
[MessagePackObject]
public sealed class TimeValues
{
    [Key(0)]
    public DateTime Timestamp32 { get; set; }

    [Key(1)]
    public DateTime Timestamp64 { get; set; }

    [Key(2)]
    public DateTime BeforeEpoch { get; set; }

    [Key(3)]
    public DateTime Year2600 { get; set; }

    [Key(4)]
    public DateTime MinValue { get; set; }

    [Key(5)]
    public DateTime MaxValue { get; set; }

    [Key(6)]
    public DateTime Unspecified { get; set; }

    [Key(7)]
    public DateTime? MissingDate { get; set; }

    [Key(8)]
    public DateTime? PresentDate { get; set; }

    [Key(9)]
    public DateTimeOffset India { get; set; }

    [Key(10)]
    public DateTimeOffset Pacific { get; set; }

    [Key(11)]
    public DateTimeOffset Utc { get; set; }

    [Key(12)]
    public TimeSpan Duration { get; set; }

    [Key(13)]
    public TimeSpan NegativeTick { get; set; }

    [Key(14)]
    public TimeSpan OneDay { get; set; }

    [Key(15)]
    public TimeOnly TimeOfDay { get; set; }

    [Key(16)]
    public DateOnly Day { get; set; }

    [Key(17)]
    public DateOnly FirstDay { get; set; }

    [Key(18)]
    public List<DateTime> History { get; set; } = [];

    [Key(19)]
    public TimeSpan? MissingDuration { get; set; }
}
