using System.Globalization;
using Xunit.Abstractions;

namespace FastFormatters.Fuzzing;

/// <summary>
/// The long fuzz pass, run by tests/fuzz.sh in Release: <c>FUZZ_ITERATIONS</c> inputs per reader (skipped when it is
/// not set, so an ordinary test run neither runs nor fails these). <c>FUZZ_SEED</c> (default: each format's CI seed)
/// and <c>FUZZ_FIRST</c> (the first iteration, default 0) pick the inputs; results are appended to <c>FUZZ_REPORT</c>
/// as a tab-separated line per format, with the details next to it; <c>FUZZ_CHECKPOINT</c> names a file kept up to
/// date with the iteration reached, for runs the process does not survive.
/// </summary>
[Trait("Category", "FuzzLong")]
public sealed class LongFuzzTests(ITestOutputHelper output)
{
    [EnvironmentFact("FUZZ_ITERATIONS")]
    public void Json_reader() => Pass(FuzzFormat.Json);

    [EnvironmentFact("FUZZ_ITERATIONS")]
    public void Jmc_reader() => Pass(FuzzFormat.Jmc);

    [EnvironmentFact("FUZZ_ITERATIONS")]
    public void MessagePack_reader() => Pass(FuzzFormat.MessagePack);

    [EnvironmentFact("FUZZ_ITERATIONS")]
    public void MessagePack_lz4_reader() => Pass(FuzzFormat.MessagePackLz4);

    /// <summary>Parses a seed as hex (<c>0x…</c>) or decimal.</summary>
    internal static ulong ParseSeed(string text) => text.StartsWith("0x", StringComparison.OrdinalIgnoreCase)
        ? ulong.Parse(text.AsSpan(2), NumberStyles.HexNumber, CultureInfo.InvariantCulture)
        : ulong.Parse(text, CultureInfo.InvariantCulture);

    private void Pass(FuzzFormat format)
    {
        var settings = new FuzzSettings
        {
            Seed = Environment.GetEnvironmentVariable("FUZZ_SEED") is { Length: > 0 } seed ? ParseSeed(seed) : format.DefaultSeed,
            Iterations = long.Parse(Environment.GetEnvironmentVariable("FUZZ_ITERATIONS")!, CultureInfo.InvariantCulture),
            FirstIteration = long.Parse(Environment.GetEnvironmentVariable("FUZZ_FIRST") is { Length: > 0 } first ? first : "0", CultureInfo.InvariantCulture),
            CheckpointPath = Environment.GetEnvironmentVariable("FUZZ_CHECKPOINT") is { Length: > 0 } checkpoint ? checkpoint : null,
        };
        var report = FuzzRunner.Run(format, settings);
        output.WriteLine(report.Describe());
        if (Environment.GetEnvironmentVariable("FUZZ_REPORT") is { Length: > 0 } path)
        {
            File.AppendAllText(path, report.ToTsv() + "\n");
            File.AppendAllText(path + ".details", report.Describe(withMessages: true) + "\n");
        }

        Assert.True(report.Passed, report.Describe());
    }
}
