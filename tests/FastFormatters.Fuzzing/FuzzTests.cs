using Xunit.Abstractions;

namespace FastFormatters.Fuzzing;

/// <summary>
/// The short fuzz pass CI runs: a fixed number of inputs per reader from a fixed seed, so every run reads the same
/// inputs and a failure replays (see <see cref="FuzzFinding.Describe"/>). Beyond the property itself, each pass checks
/// that the fuzzing reached the readers: inputs both accepted and rejected by every target, for many different
/// reasons, so a harness that only ever feeds garbage (or never mutates) fails here instead of passing vacuously.
/// </summary>
/// <remarks>
/// The counts are set so the four passes together take 20 to 30 seconds in Debug on a two-core machine; they are
/// counts, not durations, so a slow machine runs the same inputs, just later. The long pass is tests/fuzz.sh.
/// </remarks>
[Trait("Category", "Fuzz")]
public sealed class FuzzTests(ITestOutputHelper output)
{
    [Fact]
    public void Json_reader() => Pass(FuzzFormat.Json, iterations: 25_000, minDistinctMessages: 45);

    [Fact]
    public void Jmc_reader() => Pass(FuzzFormat.Jmc, iterations: 25_000, minDistinctMessages: 45);

    [Fact]
    public void MessagePack_reader() => Pass(FuzzFormat.MessagePack, iterations: 25_000, minDistinctMessages: 35);

    [Fact]
    public void MessagePack_lz4_reader() => Pass(FuzzFormat.MessagePackLz4, iterations: 12_000, minDistinctMessages: 35);

    private void Pass(FuzzFormat format, long iterations, int minDistinctMessages)
    {
        var report = FuzzRunner.Run(format, new FuzzSettings
        {
            Seed = format.DefaultSeed,
            Iterations = iterations,
            PassTimeout = TimeSpan.FromSeconds(90),
        });
        output.WriteLine(report.Describe());

        Assert.True(report.Passed, report.Describe());
        Assert.Equal(iterations, report.Inputs);
        Assert.Equal(OperatingSystem.IsLinux(), report.Guarded);
        Assert.True(report.InputsAccepted > 0 && report.InputsRejected > 0, report.Summary());
        Assert.True(report.DistinctRejectionMessages >= minDistinctMessages, report.Summary());
        for (int t = 0; t < report.Targets.Count; t++)
        {
            Assert.True(report.AcceptedByTarget[t] > 0 && report.RejectedByTarget[t] > 0, $"{report.Targets[t].Name}: {report.AcceptedByTarget[t]} accepted, {report.RejectedByTarget[t]} rejected.");
        }
    }
}
