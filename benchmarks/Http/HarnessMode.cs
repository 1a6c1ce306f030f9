namespace FastFormatters.Benchmarks.Http;

/// <summary>How the harness produces its response bodies.</summary>
public enum HarnessMode
{
    /// <summary><c>AddControllers().AddFastFormatters()</c>: FastFormatters reads and writes every body.</summary>
    Fast,

    /// <summary>Plain <c>AddControllers()</c>: the built-in System.Text.Json formatters, JSON only.</summary>
    Builtin,

    /// <summary>
    /// The bytes <see cref="Fast"/> would write for the same request and <c>Accept</c>, computed once and then copied
    /// out: what MVC, Kestrel and the network cost without any serializing.
    /// </summary>
    Prebaked,

    /// <summary>As <see cref="Fast"/>, with <c>RecordMetrics</c> off: the pair measures what diagnostics cost.</summary>
    FastWithoutMetrics,
}

/// <summary>Parses <c>--mode</c>.</summary>
public static class HarnessModes
{
    /// <summary>The names <c>--mode</c> accepts, in the order the benchmark script runs them.</summary>
    public static IReadOnlyList<string> Names { get; } = ["builtin", "fast", "prebaked", "fast-nometrics"];

    /// <summary>The mode named <paramref name="name"/> (<see cref="HarnessMode.Fast"/> when none is given).</summary>
    /// <exception cref="ArgumentException">The name is not a mode.</exception>
    public static HarnessMode Parse(string? name) => name?.Trim().ToLowerInvariant() switch
    {
        null or "" or "fast" => HarnessMode.Fast,
        "builtin" => HarnessMode.Builtin,
        "prebaked" => HarnessMode.Prebaked,
        "fast-nometrics" => HarnessMode.FastWithoutMetrics,
        _ => throw new ArgumentException($"Unknown --mode '{name}'; use fast, builtin, prebaked or fast-nometrics.", nameof(name)),
    };

    /// <summary>The command-line name of <paramref name="mode"/>.</summary>
    public static string ToName(this HarnessMode mode) => mode switch
    {
        HarnessMode.Fast => "fast",
        HarnessMode.Builtin => "builtin",
        HarnessMode.Prebaked => "prebaked",
        HarnessMode.FastWithoutMetrics => "fast-nometrics",
        _ => throw new ArgumentOutOfRangeException(nameof(mode)),
    };
}
