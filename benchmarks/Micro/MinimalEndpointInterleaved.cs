using System.Diagnostics;
using System.Globalization;

namespace FastFormatters.Benchmarks;

/// <summary>
/// <see cref="MinimalEndpointBenchmarks"/>' four endpoints timed in turn within one process, round after round, for
/// the ratio of each to <c>FastResults.Negotiated</c> that no process-to-process variation reaches: on a small shared
/// machine the separate processes BenchmarkDotNet starts differ by more than the convention costs. Run with
/// <c>dotnet run -c Release --project benchmarks/Micro -- --minimal-interleaved</c>.
/// </summary>
internal static class MinimalEndpointInterleaved
{
    private const int Rounds = 40;
    private const int WarmupRounds = 10;
    private const int CallsPerRound = 2000;

    public static async Task RunAsync()
    {
        Console.WriteLine("Payload  Accept                 Convention/Negotiated (median, p25-p75)   FrameworkJson/Negotiated (median)   VerifyModeOn/Negotiated (median, p25-p75)");
        foreach (string payload in new[] { "feed", "small" })
        {
            foreach (string accept in new[] { "application/json", "application/x-msgpack" })
            {
                var benchmarks = new MinimalEndpointBenchmarks { Payload = payload, Accept = accept };
                benchmarks.Setup();
                var convention = new List<double>();
                var framework = new List<double>();
                var verifyModeOn = new List<double>();
                for (int round = 0; round < Rounds; round++)
                {
                    double negotiated = await TimeAsync(benchmarks.Negotiated);
                    double byConvention = await TimeAsync(benchmarks.Convention);
                    double byFramework = await TimeAsync(benchmarks.FrameworkJson);
                    double verified = await TimeAsync(benchmarks.NegotiatedVerifyModeOn);
                    if (round >= WarmupRounds)
                    {
                        convention.Add(byConvention / negotiated);
                        framework.Add(byFramework / negotiated);
                        verifyModeOn.Add(verified / negotiated);
                    }
                }

                await benchmarks.CleanupAsync();
                convention.Sort();
                framework.Sort();
                verifyModeOn.Sort();
                Console.WriteLine(string.Create(CultureInfo.InvariantCulture,
                    $"{payload,-8} {accept,-22} {convention[convention.Count / 2],6:F3} ({convention[convention.Count / 4]:F3}-{convention[convention.Count * 3 / 4]:F3})                  {framework[framework.Count / 2],6:F3}                              {verifyModeOn[verifyModeOn.Count / 2],6:F3} ({verifyModeOn[verifyModeOn.Count / 4]:F3}-{verifyModeOn[verifyModeOn.Count * 3 / 4]:F3})"));
            }
        }
    }

    private static async Task<double> TimeAsync(Func<Task> call)
    {
        long start = Stopwatch.GetTimestamp();
        for (int i = 0; i < CallsPerRound; i++)
        {
            await call();
        }

        return Stopwatch.GetElapsedTime(start).TotalMilliseconds;
    }
}
