using FastFormatters.IntegrationTests.Infrastructure;
using System.Diagnostics;
using System.Text;
using System.Text.RegularExpressions;

namespace FastFormatters.IntegrationTests.Packaging;

/// <summary>Runs the packaging tests alone: they start whole builds, which would starve the timing-sensitive tests.</summary>
[CollectionDefinition(Name, DisableParallelization = true)]
public sealed class PackagingCollection
{
    public const string Name = "Packaging (dotnet pack and a new web project)";
}

/// <summary>
/// Every packable project under src/ packed once, the way a release is, into a feed folder of its own: Release, at the
/// repository's version (the consumers restore into a package folder of their own, so no cache serves a stale copy of
/// it), and with bin/obj under a temp artifacts path (so the repository's own bin/obj, which concurrent test builds
/// use, are not touched).
/// </summary>
public sealed partial class PackedPackages : IAsyncLifetime
{
    public string RepositoryRoot { get; } = Dotnet.RepositoryRoot();

    /// <summary>A temp folder for this run: the feed, the build output, the consuming app. Deleted at the end.</summary>
    public string Work { get; } = Path.Combine(Path.GetTempPath(), "ff-packaging-" + Guid.NewGuid().ToString("N")[..8]);

    public string Feed => Path.Combine(Work, "feed");

    /// <summary>The version the repository packs, as MSBuild evaluates it (<c>VersionPrefix</c>-<c>VersionSuffix</c>).</summary>
    public string Version { get; private set; } = "";

    /// <summary>The packable projects (<c>&lt;IsPackable&gt;true&lt;/IsPackable&gt;</c>) under src/ and their package ids.</summary>
    public IReadOnlyList<(string Project, string PackageId)> Packables { get; private set; } = [];

    public async Task InitializeAsync()
    {
        Directory.CreateDirectory(Work);
        Packables = Directory.GetFiles(Path.Combine(RepositoryRoot, "src"), "*.csproj", SearchOption.AllDirectories)
            .Order(StringComparer.Ordinal)
            .Select(project => (project, text: File.ReadAllText(project)))
            .Where(p => IsPackableTrue().IsMatch(p.text))
            .Select(p => (p.project, PackageIdOf(p.project, p.text)))
            .ToList();
        Assert.NotEmpty(Packables);
        var version = await Dotnet.RunAsync(RepositoryRoot, TimeSpan.FromMinutes(2), null, "msbuild", Packables[0].Project, "-getProperty:Version", "-nologo");
        Assert.True(version.ExitCode == 0, $"dotnet msbuild -getProperty:Version exited {version.ExitCode}:\n{version.Output}");
        Version = version.Output.Trim();

        // One pack over a solution of the packable projects: each package, its symbols and its dependencies' versions.
        var solution = new StringBuilder("<Solution>\n");
        foreach (var (project, _) in Packables)
        {
            solution.Append($"  <Project Path=\"{Path.GetRelativePath(Work, project).Replace('\\', '/')}\" />\n");
        }

        solution.Append("</Solution>\n");
        string slnx = Path.Combine(Work, "Packages.slnx");
        await File.WriteAllTextAsync(slnx, solution.ToString());
        var pack = await Dotnet.RunAsync(
            Work,
            TimeSpan.FromMinutes(8),
            null,
            "pack", slnx, "-c", "Release", "--artifacts-path", Path.Combine(Work, "build"),
            $"-p:PackageOutputPath={Feed}/", "-nologo", "-tl:off", "-nr:false");
        Assert.True(pack.ExitCode == 0, $"dotnet pack exited {pack.ExitCode}:\n{pack.Output}");
    }

    public Task DisposeAsync()
    {
        try
        {
            Directory.Delete(Work, recursive: true);
        }
        catch (IOException)
        {
            // A file still held open (a killed process's) only leaves a temp folder behind.
        }
        catch (UnauthorizedAccessException)
        {
        }

        return Task.CompletedTask;
    }

    public string PackagePath(string packageId, string extension = "nupkg") => Path.Combine(Feed, $"{packageId}.{Version}.{extension}");

    private static string PackageIdOf(string project, string text)
    {
        var id = PackageIdElement().Match(text);
        return id.Success ? id.Groups[1].Value.Trim() : Path.GetFileNameWithoutExtension(project);
    }

    [GeneratedRegex(@"<IsPackable>\s*true\s*</IsPackable>", RegexOptions.IgnoreCase)]
    private static partial Regex IsPackableTrue();

    [GeneratedRegex(@"<PackageId>([^<]+)</PackageId>")]
    private static partial Regex PackageIdElement();
}
