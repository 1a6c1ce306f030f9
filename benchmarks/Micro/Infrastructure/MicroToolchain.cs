using System.Reflection;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Jobs;
using BenchmarkDotNet.Loggers;
using BenchmarkDotNet.Running;
using BenchmarkDotNet.Toolchains;
using BenchmarkDotNet.Toolchains.CsProj;
using BenchmarkDotNet.Toolchains.DotNetCli;

namespace FastFormatters.Benchmarks.Infrastructure;

/// <summary>
/// The out-of-process toolchain for this project. BenchmarkDotNet's default one looks for a project file named after
/// the assembly (FastFormatters.Benchmarks.csproj), but the assembly must be called FastFormatters.Benchmarks (the
/// library's InternalsVisibleTo) while the project is FastFormatters.Benchmarks.Micro.csproj; this one is told the
/// project file. It also keeps the builds BenchmarkDotNet starts in the artifacts folder this program was built with
/// (<c>dotnet build --artifacts-path</c>), so they never write into the source tree's bin/obj folders.
/// </summary>
internal static class MicroToolchain
{
    private const string ProjectFileName = "FastFormatters.Benchmarks.Micro.csproj";
    private const string ArtifactsPathVariable = "ArtifactsPath";

    /// <summary>Applies the toolchain to every job, unless the run is in-process (<c>--inProcess</c>), which builds nothing.</summary>
    public static IConfig Apply(IConfig config, string[] args)
    {
        if (args.Any(arg => arg is "--inProcess" or "-i"))
        {
            return config;
        }

        // MSBuild reads environment variables as properties: the child builds inherit this one, so the benchmarks
        // project and the libraries it references build into the same artifacts folder as this host did.
        string? artifactsPath = ArtifactsPathFromBuild();
        if (artifactsPath is not null && string.IsNullOrEmpty(Environment.GetEnvironmentVariable(ArtifactsPathVariable)))
        {
            Environment.SetEnvironmentVariable(ArtifactsPathVariable, artifactsPath);
        }

        string moniker = $"net{Environment.Version.Major}.{Environment.Version.Minor}";
        var toolchain = new Toolchain(
            $".NET {Environment.Version.Major}.{Environment.Version.Minor}",
            new Generator(moniker),
            new DotNetCliBuilder(moniker, customDotNetCliPath: null),
            new DotNetCliExecutor(customDotNetCliPath: null!));

        // A mutator applies to whichever jobs the command line and attributes define (--job dry, --job short, ...).
        return config.AddJob(Job.Default.WithToolchain(toolchain).AsMutator());
    }

    private static string? ArtifactsPathFromBuild()
        => typeof(MicroToolchain).Assembly.GetCustomAttributes<AssemblyMetadataAttribute>()
            .FirstOrDefault(attribute => attribute.Key == "FastFormatters.Benchmarks.ArtifactsPath")?.Value is { Length: > 0 } path
            ? path
            : null;

    private sealed class Generator(string targetFrameworkMoniker)
        : CsProjGenerator(targetFrameworkMoniker, cliPath: null!, packagesPath: null!, runtimeFrameworkVersion: null!)
    {
        protected override FileInfo GetProjectFilePath(Type benchmarkTarget, ILogger logger)
        {
            if (BuildRepositoryRoot() is { } root && File.Exists(Path.Combine(root, "benchmarks", "Micro", ProjectFileName)))
            {
                return new FileInfo(Path.Combine(root, "benchmarks", "Micro", ProjectFileName));
            }

            for (var current = new DirectoryInfo(Directory.GetCurrentDirectory()); current is not null; current = current.Parent)
            {
                string candidate = Path.Combine(current.FullName, "benchmarks", "Micro", ProjectFileName);
                if (File.Exists(candidate))
                {
                    return new FileInfo(candidate);
                }
            }

            throw new FileNotFoundException($"Cannot find {ProjectFileName}; run from the repository root.");
        }

        protected override void GenerateProject(BuildPartition buildPartition, ArtifactsPaths artifactsPaths, ILogger logger)
        {
            base.GenerateProject(buildPartition, artifactsPaths, logger);
            if (!string.IsNullOrEmpty(Environment.GetEnvironmentVariable(ArtifactsPathVariable)))
            {
                // The generated project keeps BenchmarkDotNet's own layout, obj folder included, in its folder beside this
                // program; only the projects it references (this one and the libraries) use the artifacts layout.
                File.WriteAllText(
                    Path.Combine(artifactsPaths.BuildArtifactsDirectoryPath, "Directory.Build.props"),
                    "<Project><PropertyGroup><UseArtifactsOutput>false</UseArtifactsOutput></PropertyGroup></Project>");
            }
        }

        private static string? BuildRepositoryRoot()
            => typeof(MicroToolchain).Assembly.GetCustomAttributes<AssemblyMetadataAttribute>()
                .FirstOrDefault(attribute => attribute.Key == "FastFormatters.Benchmarks.RepositoryRoot")?.Value;
    }
}
