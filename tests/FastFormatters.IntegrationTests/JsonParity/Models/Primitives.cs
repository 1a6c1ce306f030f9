namespace FastFormatters.IntegrationTests.JsonParity.Models;

/// <summary>Every primitive the matrix asks for, with values at the edges of their text forms.</summary>
public sealed class Primitives
{
    public int Int32 { get; set; }

    public long Int64 { get; set; }

    public short Int16 { get; set; }

    public byte Byte { get; set; }

    public sbyte SByte { get; set; }

    public ulong UInt64 { get; set; }

    public double Double { get; set; }

    public double SmallDouble { get; set; }

    public double LargeDouble { get; set; }

    public double NegativeZero { get; set; }

    public float Single { get; set; }

    public Half Half { get; set; }

    public decimal Decimal { get; set; }

    public decimal LargeDecimal { get; set; }

    public bool Boolean { get; set; }

    public string Text { get; set; } = string.Empty;

    public string? NullText { get; set; }

    public Guid Guid { get; set; }

    public DateTime UtcDateTime { get; set; }

    public DateTime UnspecifiedDateTime { get; set; }

    public DateTime LocalDateTime { get; set; }

    public DateTimeOffset DateTimeOffset { get; set; }

    public DateOnly DateOnly { get; set; }

    public TimeOnly TimeOnly { get; set; }

    public TimeSpan TimeSpan { get; set; }

    public TimeSpan NegativeTimeSpan { get; set; }

    public Uri AbsoluteUri { get; set; } = null!;

    public Uri RelativeUri { get; set; } = null!;

    public byte[] Bytes { get; set; } = [];

    public char Char { get; set; }
}
