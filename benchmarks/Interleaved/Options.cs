using System.Globalization;

namespace FastFormatters.Benchmarks.Interleaved;

/// <summary>The command line of <see cref="Program"/>.</summary>
internal sealed class Options
{
    public string BaseFolder { get; private set; } = "";

    public string HeadFolder { get; private set; } = "";

    public int Pairs { get; private set; } = 300;

    public double BatchMilliseconds { get; private set; } = 20;

    public double WarmupSeconds { get; private set; } = 3;

    /// <summary>Set up and warm up head before base (see <see cref="Program"/>).</summary>
    public bool HeadFirst { get; private set; }

    public string? OutputFile { get; private set; }

    public List<BenchmarkCase> Cases { get; } = [];

    public static Options Parse(string[] args)
    {
        var options = new Options();
        for (int i = 0; i < args.Length; i++)
        {
            switch (args[i])
            {
                case "--base": options.BaseFolder = Value(args, ref i); break;
                case "--head": options.HeadFolder = Value(args, ref i); break;
                case "--pairs": options.Pairs = (int)Number(args, ref i, 10, 100_000); break;
                case "--batch-ms": options.BatchMilliseconds = Number(args, ref i, 0.1, 10_000); break;
                case "--warmup-s": options.WarmupSeconds = Number(args, ref i, 0, 600); break;
                case "--head-first": options.HeadFirst = true; break;
                case "--out": options.OutputFile = Value(args, ref i); break;
                default:
                    if (args[i].StartsWith("--", StringComparison.Ordinal))
                    {
                        throw new ArgumentException($"unknown option {args[i]}");
                    }

                    options.Cases.Add(BenchmarkCase.Parse(args[i]));
                    break;
            }
        }

        if (options.BaseFolder.Length == 0 || options.HeadFolder.Length == 0 || options.Cases.Count == 0)
        {
            throw new ArgumentException("--base, --head and at least one case are required");
        }

        return options;
    }

    private static string Value(string[] args, ref int i) =>
        ++i < args.Length ? args[i] : throw new ArgumentException($"{args[i - 1]} needs a value");

    private static double Number(string[] args, ref int i, double min, double max)
    {
        string text = Value(args, ref i);
        return double.TryParse(text, NumberStyles.Float, CultureInfo.InvariantCulture, out double value) && value >= min && value <= max
            ? value
            : throw new ArgumentException($"{args[i - 1]} must be a number from {min} to {max}, not '{text}'");
    }
}
