namespace FastFormatters.Diagnostics;

/// <summary>What the diagnostics endpoint reports: per-format timings and counts, and negotiation outcomes. No payloads.</summary>
public sealed class FormattersReport
{
    /// <summary>When counting started (the app's start, or the last reset).</summary>
    public DateTimeOffset StartedAt { get; init; }

    /// <summary>Seconds since counting started.</summary>
    public double UptimeSeconds { get; init; }

    /// <summary>The FastFormatters version.</summary>
    public required string LibraryVersion { get; init; }

    /// <summary>The .NET runtime, e.g. <c>.NET 10.0.12</c>.</summary>
    public required string RuntimeVersion { get; init; }

    /// <summary>One entry per format and direction.</summary>
    public required IReadOnlyList<FormatStatistics> Formats { get; init; }

    /// <summary>How response formats were chosen.</summary>
    public required NegotiationStatistics Negotiation { get; init; }

    /// <summary>What the verify mode found, one entry per format; empty when it is off (<see cref="FastFormattersOptions.Verification"/>).</summary>
    public IReadOnlyList<VerificationStatistics> Verification { get; init; } = [];
}
