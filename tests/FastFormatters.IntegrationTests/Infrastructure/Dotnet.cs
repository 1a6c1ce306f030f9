using System.Diagnostics;

namespace FastFormatters.IntegrationTests.Infrastructure;

/// <summary>Runs the dotnet CLI as a developer would, not as a child of the test host's MSBuild.</summary>
internal static class Dotnet
{
    /// <summary>The repository's root: the first folder above the test binaries that holds Formatters.sln.</summary>
    public static string RepositoryRoot()
    {
        for (var directory = new DirectoryInfo(AppContext.BaseDirectory); directory is not null; directory = directory.Parent)
        {
            if (File.Exists(Path.Combine(directory.FullName, "Formatters.sln")))
            {
                return directory.FullName;
            }
        }

        throw new InvalidOperationException("The repository root (Formatters.sln) was not found above " + AppContext.BaseDirectory);
    }

    public static ProcessStartInfo StartInfo(string directory, IReadOnlyDictionary<string, string>? environment, IEnumerable<string> arguments)
    {
        var start = new ProcessStartInfo("dotnet") { WorkingDirectory = directory, RedirectStandardOutput = true, RedirectStandardError = true };
        foreach (string argument in arguments)
        {
            start.ArgumentList.Add(argument);
        }

        // The test host may run under MSBuild's environment; the child must find its own SDK and nodes.
        foreach (string key in start.Environment.Keys.Where(k => k.StartsWith("MSBuild", StringComparison.OrdinalIgnoreCase)).ToList())
        {
            start.Environment.Remove(key);
        }

        start.Environment["DOTNET_CLI_TELEMETRY_OPTOUT"] = "1";
        start.Environment["DOTNET_NOLOGO"] = "1";
        start.Environment["DOTNET_CLI_USE_MSBUILD_SERVER"] = "0";
        start.Environment["MSBUILDDISABLENODEREUSE"] = "1";
        foreach (var (key, value) in environment ?? new Dictionary<string, string>())
        {
            start.Environment[key] = value;
        }

        return start;
    }

    public static async Task<(int ExitCode, string Output)> RunAsync(
        string directory, TimeSpan timeout, IReadOnlyDictionary<string, string>? environment, params string[] arguments)
    {
        using var process = Process.Start(StartInfo(directory, environment, arguments)) ?? throw new InvalidOperationException("dotnet did not start.");
        var stdout = process.StandardOutput.ReadToEndAsync();
        var stderr = process.StandardError.ReadToEndAsync();
        using var cancel = new CancellationTokenSource(timeout);
        try
        {
            await process.WaitForExitAsync(cancel.Token);
        }
        catch (OperationCanceledException)
        {
            process.Kill(entireProcessTree: true);
            throw new TimeoutException($"dotnet {string.Join(' ', arguments)} in {directory} ran over {timeout}.");
        }

        return (process.ExitCode, await stdout + await stderr);
    }
}
