namespace FastFormatters.Fuzzing;

/// <summary>
/// A fact that runs only when an environment variable is set, and is reported as skipped otherwise: the long fuzz pass
/// and replays cost minutes and need parameters, so an ordinary test run must neither run nor fail them.
/// </summary>
[AttributeUsage(AttributeTargets.Method)]
public sealed class EnvironmentFactAttribute : FactAttribute
{
    public EnvironmentFactAttribute(string variable)
    {
        Variable = variable;
        if (string.IsNullOrEmpty(Environment.GetEnvironmentVariable(variable)))
        {
            Skip = $"Runs only when {variable} is set (see tests/fuzz.sh).";
        }
    }

    public string Variable { get; }
}
