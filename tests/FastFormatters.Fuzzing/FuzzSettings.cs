namespace FastFormatters.Fuzzing;

/// <summary>How one fuzz pass runs.</summary>
internal sealed record FuzzSettings
{
    public required ulong Seed { get; init; }

    public required long Iterations { get; init; }

    /// <summary>The first iteration: a pass can resume, or replay a range, since each input depends only on (seed, iteration).</summary>
    public long FirstIteration { get; init; }

    /// <summary>An input that takes longer than this (all targets together) is a finding; one still running after it is a hang.</summary>
    public TimeSpan InputTimeout { get; init; } = TimeSpan.FromSeconds(2);

    /// <summary>The whole pass must finish within this, or it fails; null for no limit beyond the per-input one.</summary>
    public TimeSpan? PassTimeout { get; init; }

    /// <summary>The longest input the mutator makes.</summary>
    public int MaxInputLength { get; init; } = 128 * 1024;

    /// <summary>
    /// A file rewritten every <see cref="CheckpointEvery"/> inputs with the format, seed and iteration reached, so a run
    /// the process does not survive (a guard-page fault, a stack overflow) can be narrowed down and replayed.
    /// </summary>
    public string? CheckpointPath { get; init; }

    public int CheckpointEvery { get; init; } = 1024;
}
