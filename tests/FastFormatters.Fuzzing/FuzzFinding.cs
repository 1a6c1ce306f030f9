using System.Text;

namespace FastFormatters.Fuzzing;

/// <summary>
/// An input that broke the property: an exception other than <see cref="FormatReadException"/>, a rejection that
/// misreports its format or position, or an input that took too long (or never finished). Carries everything needed to
/// replay it: the seed, the iteration and the bytes.
/// </summary>
internal sealed record FuzzFinding(string Kind, ulong Seed, long Iteration, string Target, string Summary, string Detail, byte[] Input)
{
    /// <summary>Inputs up to this size are reported in full; longer ones are cut (seed and iteration still replay them).</summary>
    public const int MaxReportedBytes = 64 * 1024;

    /// <summary>What makes two findings the same bug: the kind, the exception type, and the innermost library frame.</summary>
    public string Key => $"{Kind}|{Summary.Split(':')[0]}|{FirstLibraryFrame(Detail)}";

    public string Describe(FuzzFormat format)
    {
        var text = new StringBuilder()
            .AppendLine($"[{Kind}] {format.Name}, seed 0x{Seed:X16}, iteration {Iteration}, target {Target}")
            .AppendLine($"  {Summary}");
        if (Detail.Length > 0)
        {
            text.AppendLine($"  {Detail.Replace("\n", "\n  ", StringComparison.Ordinal)}");
        }

        var shown = Input.AsSpan(0, Math.Min(Input.Length, MaxReportedBytes));
        text.AppendLine($"  input ({Input.Length} bytes{(shown.Length < Input.Length ? $", first {shown.Length} shown" : string.Empty)}):")
            .AppendLine($"  {Convert.ToHexStringLower(shown)}")
            .AppendLine($"  replay: FUZZ_REPLAY={format.Name}:0x{Seed:X16}:{Iteration} dotnet test tests/FastFormatters.Fuzzing --filter Category=FuzzReplay");
        return text.ToString();
    }

    /// <summary>A stack trace cut to its innermost frames: deep documents make traces of thousands of lines.</summary>
    public static string Shorten(string? stackTrace, int maxLines = 16)
    {
        var lines = (stackTrace ?? string.Empty).Split('\n');
        return lines.Length <= maxLines ? string.Join('\n', lines) : string.Join('\n', lines[..maxLines]) + $"\n   ... {lines.Length - maxLines} more frames";
    }

    private static string FirstLibraryFrame(string stackTrace)
    {
        foreach (var line in stackTrace.Split('\n'))
        {
            if (line.Contains("at FastFormatters.", StringComparison.Ordinal) && !line.Contains("FastFormatters.Fuzzing.", StringComparison.Ordinal))
            {
                int inIndex = line.IndexOf(" in ", StringComparison.Ordinal);
                return (inIndex > 0 ? line[..inIndex] : line).Trim();
            }
        }

        return string.Empty;
    }
}
