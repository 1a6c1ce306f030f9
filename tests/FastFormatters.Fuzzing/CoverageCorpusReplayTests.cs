using FastFormatters.CoverageFuzzing;

namespace FastFormatters.Fuzzing;

/// <summary>
/// The coverage-guided fuzzer's kept corpus (tests/FastFormatters.CoverageFuzzing/corpus), replayed through its check,
/// <see cref="FuzzOracle"/>, on every test run: no input there may be read differently by FastFormatters and the
/// ecosystem's reader, or make FastFormatters throw anything but <see cref="FormatReadException"/>. The seeds are
/// checked to be what <see cref="FuzzOracle.Seeds"/> writes, so the corpus cannot drift from the model.
/// </summary>
public sealed class CoverageCorpusReplayTests
{
    public static TheoryData<string> Targets => ["json", "jmc1", "msgpack", "lz4"];

    [Theory]
    [MemberData(nameof(Targets))]
    public void Every_kept_input_passes_the_oracle(string target)
    {
        var files = Directory.GetFiles(Corpus(target));
        Assert.NotEmpty(files);
        foreach (string file in files)
        {
            var exception = Record.Exception(() => FuzzOracle.Check(Parse(target), File.ReadAllBytes(file)));
            Assert.True(exception is null, $"{Path.GetFileName(file)}: {exception}");
        }
    }

    [Theory]
    [MemberData(nameof(Targets))]
    public void The_seeds_are_the_oracles_own(string target)
    {
        foreach (var (name, input) in FuzzOracle.Seeds(Parse(target)))
        {
            string path = Path.Combine(Corpus(target), name);
            Assert.True(File.Exists(path), $"{path} is missing: run the harness with --seeds {target} <corpus directory>");
            Assert.Equal(input, File.ReadAllBytes(path));
        }
    }

    private static FuzzedReader Parse(string target) => target switch
    {
        "json" => FuzzedReader.Json,
        "jmc1" => FuzzedReader.Jmc1,
        "msgpack" => FuzzedReader.MessagePack,
        _ => FuzzedReader.Lz4,
    };

    private static string Corpus(string target)
    {
        var directory = new DirectoryInfo(AppContext.BaseDirectory);
        while (directory is not null && !File.Exists(Path.Combine(directory.FullName, "Formatters.sln")))
        {
            directory = directory.Parent;
        }

        return Path.Combine(directory?.FullName ?? throw new InvalidOperationException("The repository root was not found."), "tests", "FastFormatters.CoverageFuzzing", "corpus", target);
    }
}
