using System.Diagnostics;
using System.Globalization;

namespace FastFormatters.Benchmarks.Interleaved;

/// <summary>
/// Compares two builds of the microbenchmarks in one process. Each build (a benchmarks/Micro output folder) is loaded
/// into its own load context; then, for each case, both are warmed up and timed in alternating batches (base, head,
/// head, base, ...), each batch about <c>--batch-ms</c> long and started after a collection, and the head ÷ base ratio
/// of each pair of batches is kept. The median ratio and its 95 % confidence interval are printed.
/// </summary>
/// <remarks>
/// On a small shared machine separate processes differ by more than a few percent (the memory they get, the JIT's
/// tiering, other load); batches milliseconds apart share all of it, so a pair's ratio cancels what moves slowly, and
/// the median over hundreds of pairs is robust to what does not. What a process does not cancel is placement: where
/// each build's code and data land moves its time by a few percent (two loads of one build differ by up to 4 % in
/// one process), so a comparison runs several processes, alternating which side is set up first, and takes the
/// median of their ratios (run-compare.sh's INTERLEAVED). Usage:
/// <code>
/// dotnet FastFormatters.Benchmarks.Interleaved.dll --base DIR --head DIR [--pairs 300] [--batch-ms 20]
///   [--warmup-s 3] [--head-first] [--out FILE.tsv] Class.Method[:Property=Value,...] ...
/// </code>
/// </remarks>
internal static class Program
{
    public static int Main(string[] args)
    {
        Options options;
        try
        {
            options = Options.Parse(args);
        }
        catch (ArgumentException problem)
        {
            Console.Error.WriteLine(problem.Message);
            Console.Error.WriteLine("usage: --base DIR --head DIR [--pairs N] [--batch-ms MS] [--warmup-s S] [--head-first] [--out FILE.tsv] Class.Method[:Property=Value,...] ...");
            return 2;
        }

        var sides = new[] { new BuildUnderTest("base", options.BaseFolder), new BuildUnderTest("head", options.HeadFolder) };
        Console.WriteLine($"// {(options.HeadFirst ? "head" : "base")} set up and warmed up first");
        Console.WriteLine($"{options.Pairs} pairs of batches of about {options.BatchMilliseconds} ms per case, {options.WarmupSeconds} s of warm-up; ratios are head ÷ base (below 1: head is faster)");
        Console.WriteLine();
        Console.WriteLine("| case | base, median per call | head, median per call | head ÷ base, median (95 % CI) | calls per batch |");
        Console.WriteLine("| --- | ---: | ---: | --- | ---: |");
        using TextWriter? tsv = options.OutputFile is null ? null : new StreamWriter(options.OutputFile);
        tsv?.WriteLine("case\tpairs\tcalls_per_batch\tbase_ns\thead_ns\tratio\tratio_lo\tratio_hi");
        foreach (BenchmarkCase benchmarkCase in options.Cases)
        {
            CaseResult result = Run(benchmarkCase, sides, options);
            Console.WriteLine(string.Create(CultureInfo.InvariantCulture,
                $"| {benchmarkCase} | {Time(result.BaseNanoseconds)} | {Time(result.HeadNanoseconds)} | {result.Ratio:F3} ({result.RatioLow:F3}–{result.RatioHigh:F3}) | {result.CallsPerBatch} |"));
            tsv?.WriteLine(string.Create(CultureInfo.InvariantCulture,
                $"{benchmarkCase}\t{options.Pairs}\t{result.CallsPerBatch}\t{result.BaseNanoseconds:F1}\t{result.HeadNanoseconds:F1}\t{result.Ratio:F4}\t{result.RatioLow:F4}\t{result.RatioHigh:F4}"));
        }

        return 0;
    }

    private static CaseResult Run(BenchmarkCase benchmarkCase, BuildUnderTest[] sides, Options options)
    {
        // What is set up first gets the heap and the code heap first; the side that goes first alternates between
        // processes (--head-first), because where a build's data and code land moves its time by a few percent.
        Action baseCleanup = () => { }, headCleanup = () => { };
        Action<int> baseCalls, headCalls;
        if (options.HeadFirst)
        {
            headCalls = sides[1].Prepare(benchmarkCase, out headCleanup);
            baseCalls = sides[0].Prepare(benchmarkCase, out baseCleanup);
        }
        else
        {
            baseCalls = sides[0].Prepare(benchmarkCase, out baseCleanup);
            headCalls = sides[1].Prepare(benchmarkCase, out headCleanup);
        }

        try
        {
            // Warm-up, alternating, until both sides' code has had time to reach its final tier.
            long warmupEnd = Stopwatch.GetTimestamp() + (long)(options.WarmupSeconds * Stopwatch.Frequency);
            Action<int> first = options.HeadFirst ? headCalls : baseCalls, second = options.HeadFirst ? baseCalls : headCalls;
            double firstCall = double.MaxValue;
            while (Stopwatch.GetTimestamp() < warmupEnd)
            {
                firstCall = Math.Min(firstCall, Batch(first, 1));
                Batch(second, 1);
            }

            int calls = Math.Max(1, (int)(options.BatchMilliseconds * 1e6 / firstCall));
            var ratios = new double[options.Pairs];
            var baseTimes = new double[options.Pairs];
            var headTimes = new double[options.Pairs];
            for (int pair = 0; pair < options.Pairs; pair++)
            {
                // Alternate which side goes first, so that neither always follows the other's garbage or cache state.
                if (pair % 2 == (options.HeadFirst ? 1 : 0))
                {
                    baseTimes[pair] = Batch(baseCalls, calls);
                    headTimes[pair] = Batch(headCalls, calls);
                }
                else
                {
                    headTimes[pair] = Batch(headCalls, calls);
                    baseTimes[pair] = Batch(baseCalls, calls);
                }

                ratios[pair] = headTimes[pair] / baseTimes[pair];
            }

            Array.Sort(ratios);
            Array.Sort(baseTimes);
            Array.Sort(headTimes);

            // The distribution-free interval of a median: the order statistics n/2 ∓ 1.96·√n/2.
            int n = ratios.Length;
            double half = 1.96 * Math.Sqrt(n) / 2;
            int low = Math.Max(0, (int)Math.Floor(n / 2.0 - half));
            int high = Math.Min(n - 1, (int)Math.Ceiling(n / 2.0 + half));
            return new CaseResult(calls, Median(baseTimes), Median(headTimes), Median(ratios), ratios[low], ratios[high]);
        }
        finally
        {
            baseCleanup();
            headCleanup();
        }
    }

    /// <summary>Nanoseconds per call over a batch that starts from a collected heap, so each side pays for its own garbage.</summary>
    private static double Batch(Action<int> calls, int count)
    {
        GC.Collect();
        GC.WaitForPendingFinalizers();
        long start = Stopwatch.GetTimestamp();
        calls(count);
        long elapsed = Stopwatch.GetTimestamp() - start;
        return elapsed * 1e9 / Stopwatch.Frequency / count;
    }

    private static double Median(double[] sorted) =>
        sorted.Length % 2 == 1 ? sorted[sorted.Length / 2] : (sorted[sorted.Length / 2 - 1] + sorted[sorted.Length / 2]) / 2;

    private static string Time(double nanoseconds) => nanoseconds switch
    {
        >= 1e6 => string.Create(CultureInfo.InvariantCulture, $"{nanoseconds / 1e6:N3} ms"),
        >= 1e3 => string.Create(CultureInfo.InvariantCulture, $"{nanoseconds / 1e3:N2} µs"),
        _ => string.Create(CultureInfo.InvariantCulture, $"{nanoseconds:N1} ns"),
    };

    private sealed record CaseResult(int CallsPerBatch, double BaseNanoseconds, double HeadNanoseconds, double Ratio, double RatioLow, double RatioHigh);
}
