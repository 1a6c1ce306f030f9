using System.Globalization;
using Xunit.Abstractions;

namespace FastFormatters.Fuzzing;

/// <summary>
/// Replays fuzz inputs: <c>FUZZ_REPLAY=format:seed:iteration</c> (or <c>:first-last</c>) rebuilds each input from its
/// seed and iteration, prints it in hex with the mutations that made it, and reads it with every target, printing each
/// outcome; it fails if any read throws something other than <see cref="FormatReadException"/>. When
/// <c>FUZZ_CHECKPOINT</c> is set each input is written there before it is read, so after a crash (a guard-page fault,
/// a stack overflow) the file holds the input that caused it. Run with
/// <c>--logger "console;verbosity=detailed"</c> to see the output.
/// </summary>
[Trait("Category", "FuzzReplay")]
public sealed class FuzzReplayTests(ITestOutputHelper output)
{
    [EnvironmentFact("FUZZ_REPLAY")]
    public void Replay()
    {
        var parts = Environment.GetEnvironmentVariable("FUZZ_REPLAY")!.Split(':');
        var format = FuzzFormat.Parse(parts[0]);
        ulong seed = LongFuzzTests.ParseSeed(parts[1]);
        var range = parts[2].Split('-');
        long first = long.Parse(range[0], CultureInfo.InvariantCulture);
        long last = range.Length > 1 ? long.Parse(range[1], CultureInfo.InvariantCulture) : first;
        string? checkpoint = Environment.GetEnvironmentVariable("FUZZ_CHECKPOINT");

        var mutator = new Mutator(format, FuzzCorpus.For(format), new FuzzSettings { Seed = seed, Iterations = 1 }.MaxInputLength);
        var targets = FuzzTargets.For(format);
        using var buffer = new GuardedBuffer(mutator.MaxLength);
        int failures = 0;
        for (long iteration = first; iteration <= last; iteration++)
        {
            var log = new List<string>();
            byte[] input = mutator.Mutate(FuzzRandom.ForIteration(seed, iteration), log);
            string hex = Convert.ToHexStringLower(input);
            if (!string.IsNullOrEmpty(checkpoint))
            {
                File.WriteAllText(checkpoint, $"{format.Name} 0x{seed:X16} {iteration} {hex}\n");
            }

            output.WriteLine($"iteration {iteration}: {string.Join(", ", log)}\n  {input.Length} bytes: {hex}");
            var placed = (iteration & 3) == 3 ? buffer.PlaceAtStart(input) : buffer.PlaceAtEnd(input);
            foreach (var target in targets)
            {
                try
                {
                    target.Read(placed);
                    output.WriteLine($"  {target.Name}: accepted");
                }
                catch (FormatReadException ex)
                {
                    output.WriteLine($"  {target.Name}: rejected at byte {ex.BytePosition} ({ex.Format}): {ex.Message} Path: {ex.Path}");
                }
                catch (Exception ex)
                {
                    failures++;
                    output.WriteLine($"  {target.Name}: FAILED: {FuzzFinding.Shorten(ex.ToString(), 40)}");
                }
            }
        }

        Assert.Equal(0, failures);
    }
}
