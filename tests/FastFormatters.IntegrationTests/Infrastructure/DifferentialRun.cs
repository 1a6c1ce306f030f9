namespace FastFormatters.IntegrationTests.Infrastructure;

/// <summary>
/// One model's pass of the bytes-level differential oracle: each mutated body is read by the reference serializer and by
/// FastFormatters. Both accepting it with different values is a finding, and so is our reader throwing anything but a
/// <see cref="FormatReadException"/>; a body only one of them accepts is counted. The number of mutations per model and
/// the seed come from <c>FASTFORMATTERS_MUTATIONS</c> (300 by default, CI's pass) and <c>FASTFORMATTERS_SEED</c>.
/// </summary>
/// <param name="reference">The reference serializer's name, for messages.</param>
public sealed class DifferentialRun(string reference)
{
    private readonly List<string> _findings = [];
    private readonly List<string> _onlyOursExamples = [];
    private int _bothAccept;
    private int _onlyReference;
    private int _onlyOurs;
    private int _bothRefuse;

    /// <summary>How many mutated bodies each model gets.</summary>
    public static int Mutations => Setting("FASTFORMATTERS_MUTATIONS", 300);

    /// <summary>The generator of one model's mutations: the same bodies on every run with the same seed.</summary>
    public static Random RandomFor(string model) => new(Setting("FASTFORMATTERS_SEED", 20261127) ^ StableHash(model));

    /// <summary>
    /// Records one body: <paramref name="referenceRead"/> is what the reference read, as text, or null where it refused
    /// the body; <paramref name="ourRead"/> reads it with FastFormatters, as text.
    /// </summary>
    public void Record(string body, string? referenceRead, Func<string> ourRead)
    {
        ArgumentNullException.ThrowIfNull(ourRead);
        string? ours;
        try
        {
            ours = ourRead();
        }
        catch (FormatReadException)
        {
            ours = null;
        }
        catch (Exception ex)
        {
            _findings.Add($"our reader threw {ex.GetType().Name} ({ex.Message}) on {body}");
            return;
        }

        switch (referenceRead, ours)
        {
            case (not null, not null) when referenceRead != ours:
                _findings.Add($"both accept {body} with different values:\n  {reference}: {referenceRead}\n  FastFormatters: {ours}");
                break;
            case (not null, not null):
                _bothAccept++;
                break;
            case (not null, null):
                _onlyReference++;
                break;
            case (null, not null):
                _onlyOurs++;
                if (_onlyOursExamples.Count < 3)
                {
                    _onlyOursExamples.Add($"{body} -> {ours}");
                }

                break;
            default:
                _bothRefuse++;
                break;
        }
    }

    /// <summary>The counts of <paramref name="model"/>'s pass, one line.</summary>
    public string Summary(string model)
        => $"{model}: {Mutations} mutations; both accept {_bothAccept}, only {reference} {_onlyReference}, only FastFormatters {_onlyOurs}, both refuse {_bothRefuse}"
            + string.Concat(_onlyOursExamples.Select(example => $"\n  only FastFormatters: {example}"));

    /// <summary>Fails with the first findings, if there are any.</summary>
    public void AssertNoFindings(string model)
        => Assert.True(_findings.Count == 0, $"{model}: {_findings.Count} of {Mutations} mutated bodies read differently:\n{string.Join("\n", _findings.Take(5))}");

    private static int Setting(string name, int otherwise)
        => int.TryParse(Environment.GetEnvironmentVariable(name), out int value) ? value : otherwise;

    // A seed per model that does not change between runs (string.GetHashCode does).
    private static int StableHash(string text)
    {
        int hash = 17;
        foreach (char c in text)
        {
            hash = (hash * 31) + c;
        }

        return hash;
    }
}
