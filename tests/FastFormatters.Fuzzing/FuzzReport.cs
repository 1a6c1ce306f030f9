using System.Globalization;
using System.Text;

namespace FastFormatters.Fuzzing;

/// <summary>What one fuzz pass did: counts, the slowest input, distinct rejection messages, and any findings.</summary>
internal sealed class FuzzReport
{
    private const int MaxDistinctMessages = 100_000;
    private const int MaxKeptFindings = 50;

    private readonly Dictionary<string, int> _findingCounts = [];
    private readonly HashSet<string> _messages = [];

    public FuzzReport(FuzzFormat format, FuzzSettings settings, IReadOnlyList<FuzzTarget> targets, bool guarded)
    {
        Format = format;
        Settings = settings;
        Targets = targets;
        Guarded = guarded;
        AcceptedByTarget = new long[targets.Count];
        RejectedByTarget = new long[targets.Count];
    }

    public FuzzFormat Format { get; }

    public FuzzSettings Settings { get; }

    public IReadOnlyList<FuzzTarget> Targets { get; }

    /// <summary>Whether inputs sat against guard pages (Linux) rather than in managed arrays.</summary>
    public bool Guarded { get; }

    public long Inputs { get; set; }

    /// <summary>Inputs at least one target read without an error.</summary>
    public long InputsAccepted { get; set; }

    /// <summary>Inputs every target rejected with <see cref="FormatReadException"/>.</summary>
    public long InputsRejected { get; set; }

    /// <summary>Reads (input × target) that threw something other than <see cref="FormatReadException"/>.</summary>
    public long OtherExceptions { get; set; }

    public long[] AcceptedByTarget { get; }

    public long[] RejectedByTarget { get; }

    public long Reads => AcceptedByTarget.Sum() + RejectedByTarget.Sum() + OtherExceptions;

    public int DistinctRejectionMessages => _messages.Count;

    public TimeSpan Slowest { get; set; }

    public long SlowestIteration { get; set; } = -1;

    public int SlowestLength { get; set; }

    public TimeSpan Elapsed { get; set; }

    /// <summary>Set when the pass stopped early: a hang, the pass timeout, or a fault in the harness itself.</summary>
    public string? Aborted { get; set; }

    public List<FuzzFinding> Findings { get; } = [];

    public double InputsPerSecond => Elapsed > TimeSpan.Zero ? Inputs / Elapsed.TotalSeconds : 0;

    public bool Passed => Aborted is null && Findings.Count == 0;

    /// <summary>Counts a rejection message, numbers and byte values blanked so one message with different values counts once.</summary>
    public void AddRejection(string message)
    {
        if (_messages.Count < MaxDistinctMessages)
        {
            _messages.Add(Normalize(message));
        }
    }

    public void AddFinding(FuzzFinding finding)
    {
        _findingCounts[finding.Key] = _findingCounts.GetValueOrDefault(finding.Key) + 1;
        if (_findingCounts[finding.Key] == 1 && Findings.Count < MaxKeptFindings)
        {
            Findings.Add(finding);
        }
    }

    public string Summary() =>
        I($"{Format.Name}: seed 0x{Settings.Seed:X16}, iterations {Settings.FirstIteration}..{Settings.FirstIteration + Inputs - 1}: ")
        + I($"{Inputs} inputs, {InputsAccepted} accepted, {InputsRejected} rejected, {OtherExceptions} other exceptions ")
        + I($"({Findings.Count} distinct findings), {DistinctRejectionMessages} distinct rejection messages, ")
        + I($"slowest input {Slowest.TotalMilliseconds:F1} ms (iteration {SlowestIteration}, {SlowestLength} bytes), ")
        + I($"{InputsPerSecond:F0} inputs/s, {Elapsed.TotalSeconds:F1} s, {(Guarded ? "guard pages" : "managed arrays")}")
        + (Aborted is null ? string.Empty : $"; ABORTED: {Aborted}");

    /// <summary>One tab-separated line for tests/fuzz.sh to tabulate.</summary>
    public string ToTsv() =>
        I($"{Format.Name}\t0x{Settings.Seed:X16}\t{Inputs}\t{InputsAccepted}\t{InputsRejected}\t{OtherExceptions}\t{Findings.Count}\t")
        + I($"{Slowest.TotalMilliseconds:F1}\t{SlowestIteration}\t{InputsPerSecond:F0}\t{Elapsed.TotalSeconds:F1}\t{DistinctRejectionMessages}\t{(Passed ? "ok" : "FAILED")}");

    /// <param name="withMessages">Also list the distinct rejection messages seen (numbers blanked), to show what was reached.</param>
    public string Describe(bool withMessages = false)
    {
        var text = new StringBuilder().AppendLine(Summary());
        for (int i = 0; i < Targets.Count; i++)
        {
            text.AppendLine(CultureInfo.InvariantCulture, $"  {Targets[i].Name}: {AcceptedByTarget[i]} accepted, {RejectedByTarget[i]} rejected");
        }

        foreach (var finding in Findings)
        {
            text.AppendLine(CultureInfo.InvariantCulture, $"({_findingCounts[finding.Key]} like this)").Append(finding.Describe(Format));
        }

        if (withMessages)
        {
            text.AppendLine("  Rejection messages seen:");
            foreach (var message in _messages.Order(StringComparer.Ordinal))
            {
                text.AppendLine(CultureInfo.InvariantCulture, $"    {message}");
            }
        }

        return text.ToString();
    }

    private static string I(FormattableString text) => FormattableString.Invariant(text);

    // "0x3A" and "123" both become "#", and a quoted character 'x' becomes '?'.
    private static string Normalize(string message)
    {
        var text = new StringBuilder(message.Length);
        int i = 0;
        while (i < message.Length)
        {
            char c = message[i];
            if (c == '0' && i + 2 < message.Length && message[i + 1] == 'x' && char.IsAsciiHexDigit(message[i + 2]))
            {
                i += 2;
                while (i < message.Length && char.IsAsciiHexDigit(message[i]))
                {
                    i++;
                }

                text.Append('#');
            }
            else if (char.IsAsciiDigit(c))
            {
                while (i < message.Length && char.IsAsciiDigit(message[i]))
                {
                    i++;
                }

                text.Append('#');
            }
            else if (c == '\'' && i + 2 < message.Length && message[i + 2] == '\'')
            {
                text.Append("'?'");
                i += 3;
            }
            else
            {
                text.Append(c);
                i++;
            }
        }

        return text.ToString();
    }
}
