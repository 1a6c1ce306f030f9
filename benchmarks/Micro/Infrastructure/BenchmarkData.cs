using System.Diagnostics.CodeAnalysis;
using System.Reflection;

namespace FastFormatters.Benchmarks.Infrastructure;

/// <summary>
/// Finds the benchmark documents twitter.json and citm_catalog.json, which live beside the repository in
/// <c>../shared/data/</c> (relative to the repository root) and are never copied into it.
/// </summary>
internal static class BenchmarkData
{
    /// <summary>An environment variable naming the folder that holds the documents; overrides the default location.</summary>
    public const string DirectoryVariable = "FASTFORMATTERS_BENCHMARK_DATA";

    public const string TwitterFile = "twitter.json";
    public const string CitmFile = "citm_catalog.json";

    private static readonly string[] s_files = [TwitterFile, CitmFile];

    /// <summary>Reads one of the documents; throws with instructions when it cannot be found.</summary>
    public static byte[] Read(string fileName)
    {
        if (!TryLocate(out string? directory, out string? problem))
        {
            throw new InvalidOperationException(problem);
        }

        return File.ReadAllBytes(Path.Combine(directory, fileName));
    }

    /// <summary>
    /// Finds the data folder: the environment variable when set, else <c>../shared/data</c> next to the repository this
    /// project was built from, else next to a <c>Formatters.sln</c> found above the current directory. On success the
    /// environment variable is set, so the benchmark processes BenchmarkDotNet starts look in the same place.
    /// </summary>
    public static bool TryLocate([NotNullWhen(true)] out string? directory, [NotNullWhen(false)] out string? problem)
    {
        var candidates = new List<string>();
        if (Environment.GetEnvironmentVariable(DirectoryVariable) is { Length: > 0 } configured)
        {
            candidates.Add(Path.GetFullPath(configured));
        }
        else
        {
            if (RepositoryRootFromBuild() is { } buildRoot)
            {
                candidates.Add(Path.GetFullPath(Path.Combine(buildRoot, "..", "shared", "data")));
            }

            for (var current = new DirectoryInfo(Directory.GetCurrentDirectory()); current is not null; current = current.Parent)
            {
                if (File.Exists(Path.Combine(current.FullName, "Formatters.sln")))
                {
                    candidates.Add(Path.GetFullPath(Path.Combine(current.FullName, "..", "shared", "data")));
                    break;
                }
            }
        }

        foreach (string candidate in candidates.Distinct(StringComparer.Ordinal))
        {
            if (s_files.All(file => File.Exists(Path.Combine(candidate, file))))
            {
                directory = candidate;
                problem = null;
                Environment.SetEnvironmentVariable(DirectoryVariable, candidate);
                return true;
            }
        }

        directory = null;
        string looked = candidates.Count == 0 ? "(no candidate folder found)" : string.Join(", ", candidates);
        problem =
            $"The benchmark documents {TwitterFile} and {CitmFile} were not found. Looked in: {looked}.{Environment.NewLine}" +
            "Get them from the simdjson project's jsonexamples folder (https://github.com/simdjson/simdjson/tree/master/jsonexamples) " +
            $"and put them in ../shared/data/ relative to the repository root (do not copy them into the repository), " +
            $"or set {DirectoryVariable} to the folder that holds them.";
        return false;
    }

    // The repository root the project was built from, recorded at build time (see the csproj).
    private static string? RepositoryRootFromBuild()
        => typeof(BenchmarkData).Assembly.GetCustomAttributes<AssemblyMetadataAttribute>()
            .FirstOrDefault(attribute => attribute.Key == "FastFormatters.Benchmarks.RepositoryRoot")?.Value is { Length: > 0 } root
            ? root
            : null;
}
