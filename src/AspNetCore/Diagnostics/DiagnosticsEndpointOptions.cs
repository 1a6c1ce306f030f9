namespace FastFormatters.Diagnostics;

/// <summary>Options of the diagnostics endpoints.</summary>
public sealed class DiagnosticsEndpointOptions
{
    /// <summary>Whether <c>POST {pattern}/reset</c> is mapped, to start the figures over. Off by default.</summary>
    public bool AllowReset { get; set; }

    /// <summary>How often the dashboard refreshes itself, in seconds. Defaults to 2.</summary>
    public int RefreshSeconds { get; set; } = 2;
}
