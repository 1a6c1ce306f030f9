namespace FastFormatters.Benchmarks.Http;

/// <summary>Parses <c>--mode</c>.</summary>
public static class HarnessModes
{
    /// <summary>The names <c>--mode</c> accepts, in the order the benchmark script runs them.</summary>
    public static IReadOnlyList<string> Names { get; } = ["builtin", "stj-sg", "fast", "mpcs", "prebaked", "fast-nometrics", "fast-sg"];

    /// <summary>The mode named <paramref name="name"/> (<see cref="HarnessMode.Fast"/> when none is given).</summary>
    /// <exception cref="ArgumentException">The name is not a mode.</exception>
    public static HarnessMode Parse(string? name) => name?.Trim().ToLowerInvariant() switch
    {
        null or "" or "fast" => HarnessMode.Fast,
        "builtin" => HarnessMode.Builtin,
        "stj-sg" => HarnessMode.StjSourceGen,
        "mpcs" => HarnessMode.MessagePackCSharp,
        "prebaked" => HarnessMode.Prebaked,
        "fast-nometrics" => HarnessMode.FastWithoutMetrics,
        "fast-sg" => HarnessMode.FastSourceGen,
        _ => throw new ArgumentException($"Unknown --mode '{name}'; use {string.Join(", ", Names)}.", nameof(name)),
    };

    /// <summary>The command-line name of <paramref name="mode"/>.</summary>
    public static string ToName(this HarnessMode mode) => mode switch
    {
        HarnessMode.Fast => "fast",
        HarnessMode.Builtin => "builtin",
        HarnessMode.StjSourceGen => "stj-sg",
        HarnessMode.MessagePackCSharp => "mpcs",
        HarnessMode.Prebaked => "prebaked",
        HarnessMode.FastWithoutMetrics => "fast-nometrics",
        HarnessMode.FastSourceGen => "fast-sg",
        _ => throw new ArgumentOutOfRangeException(nameof(mode)),
    };
}
