using System.Diagnostics;
using BenchmarkDotNet.Attributes;

namespace FastFormatters.Benchmarks;

/// <summary>
/// JSON writes of short values in a process that also writes JMC1, as a server answering both formats does. The JIT's
/// final code follows a profile of the calls it saw, so <see cref="DataTypeMatrixBenchmarks"/>, where each benchmark
/// has a process of its own, shows each format compiled for itself alone. Here the setup writes both formats in turn
/// until that code is compiled from a profile of both; then each write is measured.
/// </summary>
[MemoryDiagnoser]
public class TwoFormatWriteBenchmarks
{
    // Dynamic PGO compiles final code after a few hundred calls and a background compile, well within this.
    private static readonly TimeSpan s_bothFormatsWarmUp = TimeSpan.FromSeconds(2);

    private MatrixCase _case = null!;

    /// <summary>The kinds of data the string and number targets name; see <see cref="MatrixCase.Create"/>.</summary>
    [Params("AsciiStrings", "ShortDoubles")]
    public string Case { get; set; } = "";

    [GlobalSetup]
    public void Setup()
    {
        _case = MatrixCase.Create(Case);
        _case.Verify();
        long until = Stopwatch.GetTimestamp() + (long)(s_bothFormatsWarmUp.TotalSeconds * Stopwatch.Frequency);
        while (Stopwatch.GetTimestamp() < until)
        {
            _case.SerializeFastJson();
            _case.SerializeFastJmc();
        }
    }

    [Benchmark(Baseline = true)]
    public int Serialize_StjReflection() => _case.SerializeStj();

    [Benchmark]
    public int Serialize_FastJson() => _case.SerializeFastJson();

    [Benchmark]
    public int Serialize_FastJmc() => _case.SerializeFastJmc();
}
