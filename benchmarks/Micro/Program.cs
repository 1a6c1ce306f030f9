using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Diagnosers;
using BenchmarkDotNet.Running;
using FastFormatters.Benchmarks.Infrastructure;

namespace FastFormatters.Benchmarks;

/// <summary>
/// Runs the microbenchmarks. Usage: <c>dotnet run -c Release --project benchmarks/Micro -- --filter '*'</c>; any
/// BenchmarkDotNet option works (<c>--filter '*Twitter*'</c>, <c>--job short</c>, <c>--list flat</c>, ...);
/// <c>--minimal-interleaved</c> alone runs <see cref="MinimalEndpointInterleaved"/> instead.
/// </summary>
public static class Program
{
    public static int Main(string[] args)
    {
        if (args is ["--minimal-interleaved"])
        {
            MinimalEndpointInterleaved.RunAsync().GetAwaiter().GetResult();
            return 0;
        }

        // The Twitter and CITM documents are not in the repository; stop before building anything when they are missing.
        if (!BenchmarkData.TryLocate(out _, out string? problem))
        {
            Console.Error.WriteLine(problem);
            return 2;
        }

        IConfig config = DefaultConfig.Instance.AddDiagnoser(MemoryDiagnoser.Default);
        config = MicroToolchain.Apply(config, args);
        var summaries = BenchmarkSwitcher.FromAssembly(typeof(Program).Assembly).Run(args, config);
        bool failed = summaries.Any(summary => summary.HasCriticalValidationErrors || summary.Reports.Any(report => !report.Success));
        return failed ? 1 : 0;
    }
}
