namespace FastFormatters.Diagnostics;

/// <summary>Durations in microseconds; percentiles are within 6.25% of the exact value (a log-linear histogram).</summary>
public sealed class DurationSummary
{
    /// <summary>The mean.</summary>
    public double Mean { get; init; }

    /// <summary>The median.</summary>
    public double P50 { get; init; }

    /// <summary>The 90th percentile.</summary>
    public double P90 { get; init; }

    /// <summary>The 99th percentile.</summary>
    public double P99 { get; init; }

    /// <summary>The largest.</summary>
    public double Max { get; init; }
}
