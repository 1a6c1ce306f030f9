using System.Globalization;
using FastFormatters.MessagePack;
using FastFormatters.Serialization;

namespace FastFormatters.Fuzzing;

/// <summary>
/// Tests of the fuzzer itself, so a green fuzz pass means something: the generator is the published algorithm, inputs
/// replay from (seed, iteration), the corpus is valid to start with, the guard pages really sit against the input,
/// and the watchdog and the property checks report what they should.
/// </summary>
[Trait("Category", "Fuzz")]
public sealed class FuzzHarnessTests
{
    // From the reference C code (prng.di.unimi.it: splitmix64.c seeding xoshiro256starstar.c), compiled and run.
    [Fact]
    public void The_generator_is_xoshiro256_starstar_seeded_by_splitmix64()
    {
        var random = new FuzzRandom(12345);
        Assert.Equal(
            [0xBE6A36374160D49BUL, 0x214AAA0637A688C6UL, 0xF69D16DE9954D388UL, 0x0C60048C4E96E033UL, 0x8E2076AEED51C648UL],
            Enumerable.Range(0, 5).Select(_ => random.NextUInt64()).ToArray());
        Assert.Equal(0x99EC5F36CB75F2B4UL, new FuzzRandom(0).NextUInt64());
    }

    [Fact]
    public void Bounded_draws_stay_in_range_and_reach_both_ends()
    {
        var random = new FuzzRandom(1);
        var seen = new bool[7];
        for (int i = 0; i < 1000; i++)
        {
            seen[random.Next(7)] = true;
            Assert.InRange(random.SmallLength(100), 1, 100);
            Assert.InRange(random.Between(-3, 3), -3, 3);
        }

        Assert.All(seen, Assert.True);
    }

    public static TheoryData<string> Formats => new(FuzzFormat.All.Select(format => format.Name));

    [Theory]
    [MemberData(nameof(Formats))]
    public void Inputs_depend_only_on_seed_and_iteration(string name)
    {
        var format = FuzzFormat.Parse(name);
        var first = new Mutator(format, FuzzCorpus.For(format), 128 * 1024);
        var second = new Mutator(format, FuzzCorpus.For(format), 128 * 1024);
        var corpus = FuzzCorpus.For(format).Entries.Select(Convert.ToHexString).ToHashSet();
        var inputs = Enumerable.Range(0, 300).Select(i => first.Mutate(FuzzRandom.ForIteration(42, i))).ToArray();

        // In reverse order from a fresh mutator: nothing carries over from one iteration to the next.
        for (int i = inputs.Length - 1; i >= 0; i--)
        {
            Assert.Equal(inputs[i], second.Mutate(FuzzRandom.ForIteration(42, i)));
        }

        int changed = inputs.Count(input => !corpus.Contains(Convert.ToHexString(input)));
        Assert.True(changed > 250, $"Only {changed} of 300 inputs differ from every corpus entry.");
        Assert.NotEqual(first.Mutate(FuzzRandom.ForIteration(42, 0)), first.Mutate(FuzzRandom.ForIteration(43, 0)));
    }

    [Theory]
    [MemberData(nameof(Formats))]
    public void Every_corpus_entry_is_read_by_some_target(string name)
    {
        var format = FuzzFormat.Parse(name);
        var targets = FuzzTargets.For(format);
        var entries = FuzzCorpus.For(format).Entries;
        Assert.True(entries.Count >= 40, $"{entries.Count} entries.");
        foreach (var entry in entries)
        {
            bool read = targets.Any(target =>
            {
                try
                {
                    target.Read(entry);
                    return true;
                }
                catch (FormatReadException)
                {
                    return false;
                }
            });
            Assert.True(read, $"No target reads the corpus entry {Convert.ToHexStringLower(entry)}.");
        }
    }

    [Theory]
    [InlineData(1)]
    [InlineData(7)]
    [InlineData(64 * 1024)]
    public void Frames_made_by_the_fuzzer_decompress_to_their_payload(int blockSize)
    {
        byte[] plain = FuzzCorpus.For(FuzzFormat.MessagePack).Entries[0];
        byte[] frame = Lz4Frame.Compress(plain, blockSize).ToBytes();

        Assert.True(Lz4BlockArray.IsFramed(frame));
        byte[] decompressed = Lz4BlockArray.Decompress(frame, int.MaxValue, out int length);
        Assert.Equal(plain, decompressed.AsSpan(0, length).ToArray());
        Assert.Equal(frame, Lz4Frame.Parse(frame)!.ToBytes());
        Assert.Equal((plain.Length + blockSize - 1) / blockSize, Lz4Frame.Parse(frame)!.Blocks.Count);
    }

    [Fact]
    public void The_layout_walk_spans_each_MessagePack_entry_exactly()
    {
        foreach (var entry in FuzzCorpus.For(FuzzFormat.MessagePack).Entries)
        {
            var items = MsgPackLayout.Walk(entry);
            Assert.Equal(entry.Length, items[0].End);
            Assert.All(items, item => Assert.True(item.IsComplete));
        }
    }

    [Fact]
    public void Inputs_end_at_a_guard_page_and_start_after_one()
    {
        if (!OperatingSystem.IsLinux())
        {
            return; // guard pages are Linux only; elsewhere inputs are plain arrays
        }

        using var buffer = new GuardedBuffer(10_000);
        Assert.True(buffer.IsGuarded);

        var atEnd = buffer.PlaceAtEnd([1, 2, 3]);
        IntPtr end = Address(atEnd) + atEnd.Length;
        Assert.Equal(buffer.TrailingGuard, end);
        Assert.Equal("---p", Protection(end));
        Assert.Equal("r--p", Protection(end - 1));
        Assert.Equal([1, 2, 3], atEnd.ToArray());

        var atStart = buffer.PlaceAtStart([4, 5]);
        IntPtr start = Address(atStart);
        Assert.Equal(0, start % Environment.SystemPageSize);
        Assert.Equal("---p", Protection(start - 1));
        Assert.Equal("r--p", Protection(start));
    }

    [Fact]
    public void A_read_that_never_returns_is_reported_as_a_hang_with_its_input()
    {
        var settings = new FuzzSettings { Seed = 7, Iterations = 10, InputTimeout = TimeSpan.FromMilliseconds(300) };
        byte[] third = new Mutator(FuzzFormat.Json, FuzzCorpus.For(FuzzFormat.Json), settings.MaxInputLength).Mutate(FuzzRandom.ForIteration(7, 3));
        using var release = new ManualResetEventSlim();
        var hangsOnIteration3 = new FuzzTarget("hangs", input =>
        {
            // Blocks (without spinning) on that one input, until the test has its report and lets the thread go.
            if (input.SequenceEqual(third))
            {
                release.Wait();
            }

            return null;
        });

        var report = new FuzzRunner(FuzzFormat.Json, settings, [hangsOnIteration3]).Run();
        release.Set();

        Assert.False(report.Passed);
        Assert.Contains("hung", report.Aborted);
        var hang = Assert.Single(report.Findings);
        Assert.Equal(("hang", 3L), (hang.Kind, hang.Iteration));
        Assert.Equal(third, hang.Input);
        Assert.Contains(Convert.ToHexStringLower(third), hang.Describe(FuzzFormat.Json));
    }

    [Fact]
    public void Exceptions_other_than_FormatReadException_and_misattributed_rejections_are_findings()
    {
        var targets = new FuzzTarget[]
        {
            new("throws", _ => throw new InvalidOperationException("boom")),
            new("wrong format", _ => throw new FormatReadException("msgpack", "x", 0)),
            new("past the end", input => throw new FormatReadException("json", "x", input.Length + 1)),
            new("fine", _ => null),
        };
        var report = new FuzzRunner(FuzzFormat.Json, new FuzzSettings { Seed = 1, Iterations = 5 }, targets).Run();

        Assert.Equal(5, report.Inputs);
        Assert.Equal(5, report.OtherExceptions);
        Assert.Equal(5, report.InputsAccepted);
        Assert.Equal(["exception", "wrong-format", "bad-position"], report.Findings.Select(finding => finding.Kind));
        Assert.Contains("System.InvalidOperationException: boom", report.Findings[0].Summary);
        Assert.Contains("seed 0x0000000000000001, iteration 0", report.Describe());
    }

    private static unsafe IntPtr Address(ReadOnlySpan<byte> span)
    {
        fixed (byte* pointer = span)
        {
            return (IntPtr)pointer;
        }
    }

    // The permissions /proc/self/maps gives the mapping that holds 'address', e.g. "r--p".
    private static string Protection(IntPtr address)
    {
        ulong target = (ulong)address;
        foreach (var line in File.ReadLines("/proc/self/maps"))
        {
            var fields = line.Split(' ', 3);
            var range = fields[0].Split('-');
            ulong from = ulong.Parse(range[0], NumberStyles.HexNumber, CultureInfo.InvariantCulture);
            ulong to = ulong.Parse(range[1], NumberStyles.HexNumber, CultureInfo.InvariantCulture);
            if (target >= from && target < to)
            {
                return fields[1];
            }
        }

        return "unmapped";
    }
}
