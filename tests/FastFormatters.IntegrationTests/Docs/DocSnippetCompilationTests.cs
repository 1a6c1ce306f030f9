using FastFormatters.IntegrationTests.Infrastructure;
using System.Diagnostics;
using System.Security;
using System.Text;
using System.Text.RegularExpressions;

namespace FastFormatters.IntegrationTests.Docs;

/// <summary>
/// Every <c>```csharp</c> block of README.md and docs/*.md compiles as a reader would paste it into a project like
/// <c>dotnet new web</c> makes (Microsoft.NET.Sdk.Web, net10.0, ImplicitUsings and Nullable on, the SDK's default warnings)
/// with our packages referenced. How a snippet becomes source files is <see cref="DocSnippet.Classify"/>'s rule:
/// <list type="bullet">
/// <item>statements that use <c>builder</c> or <c>app</c> without declaring them are spliced into the template's Program.cs
/// (usings first, then <c>var builder = ...</c>, the lines before the first use of <c>app</c>, <c>var app = builder.Build();</c>,
/// the rest);</item>
/// <item>a snippet that only declares types (after usings) goes into Snippet.cs beside the template's Program.cs;</item>
/// <item>anything else is a whole program and becomes Program.cs as it is;</item>
/// <item>a block fenced <c>```csharp-excerpt</c>, or preceded by a comment <c>&lt;!-- excerpt ... --&gt;</c> saying why, is not compiled.</item>
/// </list>
/// All snippet projects build in one <c>dotnet build</c> of a generated solution, in a temp folder that inherits nothing
/// from the repository (empty Directory.Build.props / Directory.Packages.props / Directory.Build.targets there).
/// </summary>
public sealed partial class DocSnippetCompilationTests
{
    private const string MessagePackVersion = "2.5.307";
    private const string StringToolsVersion = "17.7.2";
    private const string SwashbuckleVersion = "11.0.1";
    private const string MicrosoftOpenApiVersion = "10.0.15";
    private const string OpenTelemetryVersion = "1.20.1";
    private const string PrometheusExporterVersion = "1.20.1-beta.1";

    [Fact]
    public void The_docs_have_csharp_snippets_and_each_gets_a_rule()
    {
        var snippets = DocSnippet.ExtractAll(Dotnet.RepositoryRoot());
        Assert.NotEmpty(snippets);
        Assert.All(snippets, s => Assert.NotEmpty(s.Lines));
    }

    [Fact]
    public async Task Every_csharp_snippet_in_the_docs_compiles_in_a_new_web_project()
    {
        string root = Dotnet.RepositoryRoot();
        var snippets = DocSnippet.ExtractAll(root).Where(s => s.Kind != DocSnippetKind.Excerpt).ToList();
        Assert.NotEmpty(snippets);

        string work = Path.Combine(Path.GetTempPath(), "ff-doc-snippets-" + Guid.NewGuid().ToString("N")[..8]);
        Directory.CreateDirectory(work);
        await File.WriteAllTextAsync(Path.Combine(work, "Directory.Build.props"), "<Project />\n");
        await File.WriteAllTextAsync(Path.Combine(work, "Directory.Build.targets"), "<Project />\n");
        await File.WriteAllTextAsync(Path.Combine(work, "Directory.Packages.props"), "<Project />\n");

        var projects = new Dictionary<string, (DocSnippet Snippet, Dictionary<string, List<(string Text, int MarkdownLine)>> Files)>(StringComparer.Ordinal);
        var solution = new StringBuilder("<Solution>\n");
        for (int i = 0; i < snippets.Count; i++)
        {
            var snippet = snippets[i];
            string name = $"Snippet{i + 1:00}";
            string directory = Path.Combine(work, name);
            Directory.CreateDirectory(directory);
            var files = snippet.SourceFiles().ToDictionary(f => f.Name, f => f.Lines, StringComparer.Ordinal);
            foreach (var (file, lines) in files)
            {
                await File.WriteAllLinesAsync(Path.Combine(directory, file), [$"// {snippet}", .. lines.Select(l => l.Text)]);
            }

            await File.WriteAllTextAsync(Path.Combine(directory, name + ".csproj"), ProjectFile(root, snippet));
            projects[name] = (snippet, files);
            solution.Append($"  <Project Path=\"{name}/{name}.csproj\" />\n");
        }

        solution.Append("</Solution>\n");
        await File.WriteAllTextAsync(Path.Combine(work, "Snippets.slnx"), solution.ToString());

        var (exitCode, output) = await Dotnet.RunAsync(work, TimeSpan.FromMinutes(4), null, "build", "Snippets.slnx", "-nologo", "-tl:off", "-v:q", "-clp:NoSummary", "-nr:false", "-m");

        // Errors name the generated file (line, column) and the project; map each back to its snippet and markdown line.
        var failures = new SortedDictionary<int, SortedSet<string>>();
        foreach (Match error in BuildError().Matches(output))
        {
            string project = Path.GetFileNameWithoutExtension(error.Groups["project"].Value);
            if (!projects.TryGetValue(project, out var entry))
            {
                continue;
            }

            int index = snippets.IndexOf(entry.Snippet);
            string where = "";
            string file = error.Groups["file"].Value;
            if (file.Length > 0 && int.TryParse(error.Groups["line"].Value, out int line)
                && entry.Files.TryGetValue(Path.GetFileName(file), out var lines) && line >= 2 && line - 2 < lines.Count)
            {
                int markdownLine = lines[line - 2].MarkdownLine;
                where = markdownLine > 0
                    ? $"{entry.Snippet.File}:{markdownLine}: "
                    : $"{entry.Snippet.File} (generated line `{lines[line - 2].Text.Trim()}`): ";
            }

            if (!failures.TryGetValue(index, out var messages))
            {
                failures[index] = messages = new SortedSet<string>(StringComparer.Ordinal);
            }

            messages.Add($"{where}{error.Groups["code"].Value}: {error.Groups["message"].Value.Trim()}");
        }

        bool buildFailedWithoutSnippetErrors = exitCode != 0 && failures.Count == 0;
        if (failures.Count == 0 && !buildFailedWithoutSnippetErrors)
        {
            Directory.Delete(work, recursive: true);
            return;
        }

        var report = new StringBuilder($"{failures.Count} of {snippets.Count} doc snippets do not compile (projects kept in {work}):\n");
        foreach (var (index, messages) in failures)
        {
            var snippet = snippets[index];
            report.Append($"\n{snippet} (```csharp fence; {snippet.Kind}):\n");
            foreach (string message in messages)
            {
                report.Append("  ").Append(message).Append('\n');
            }
        }

        if (buildFailedWithoutSnippetErrors)
        {
            report.Append($"\ndotnet build exited {exitCode}:\n{output}");
        }

        Assert.Fail(report.ToString());
    }

    private static string ProjectFile(string root, DocSnippet snippet)
    {
        string formatters = SecurityElement.Escape(Path.Combine(root, "src", "Formatters", "FastFormatters.csproj"));
        string generators = SecurityElement.Escape(Path.Combine(root, "src", "Generators", "FastFormatters.Generators.csproj"));
        string bridge = SecurityElement.Escape(Path.Combine(root, "src", "MessagePackCSharp", "FastFormatters.MessagePackCSharp.csproj"));
        string jsonLines = SecurityElement.Escape(Path.Combine(root, "src", "JsonLines", "FastFormatters.JsonLines.csproj"));
        string messagePack = snippet.MentionsMessagePackCSharp
            ? $"""
                  <PackageReference Include="MessagePack" Version="{MessagePackVersion}" />
                  <PackageReference Include="Microsoft.NET.StringTools" Version="{StringToolsVersion}" />

              """
            : "";
        string openApi = snippet.MentionsSwashbuckle
            ? $"""
                  <ProjectReference Include="{SecurityElement.Escape(Path.Combine(root, "src", "Swashbuckle", "FastFormatters.Swashbuckle.csproj"))}" />
                  <PackageReference Include="Swashbuckle.AspNetCore" Version="{SwashbuckleVersion}" />

              """
            : snippet.MentionsMicrosoftOpenApi
                ? $"""
                      <ProjectReference Include="{SecurityElement.Escape(Path.Combine(root, "src", "OpenApi", "FastFormatters.OpenApi.csproj"))}" />
                      <PackageReference Include="Microsoft.AspNetCore.OpenApi" Version="{MicrosoftOpenApiVersion}" />

                  """
                : "";
        string openTelemetry = snippet.MentionsOpenTelemetry
            ? $"""
                  <PackageReference Include="OpenTelemetry.Extensions.Hosting" Version="{OpenTelemetryVersion}" />
                  <PackageReference Include="OpenTelemetry.Exporter.Prometheus.AspNetCore" Version="{PrometheusExporterVersion}" />

              """
            : "";
        return $"""
            <Project Sdk="Microsoft.NET.Sdk.Web">
              <!-- {SecurityElement.Escape(snippet.ToString())} -->
              <PropertyGroup>
                <TargetFramework>net10.0</TargetFramework>
                <Nullable>enable</Nullable>
                <ImplicitUsings>enable</ImplicitUsings>
                <ManagePackageVersionsCentrally>false</ManagePackageVersionsCentrally>
              </PropertyGroup>
              <ItemGroup>
                <ProjectReference Include="{formatters}" />
                <ProjectReference Include="{bridge}" />
                <ProjectReference Include="{jsonLines}" />
                <!-- The source generator, which the FastFormatters.Core package brings as an analyzer. -->
                <ProjectReference Include="{generators}" OutputItemType="Analyzer" ReferenceOutputAssembly="false" />
            {messagePack}{openApi}{openTelemetry}  </ItemGroup>
            </Project>

            """;
    }

    // "/tmp/x/Snippet03/Program.cs(5,1): error CS0103: message [/tmp/x/Snippet03/Snippet03.csproj]", or without a file
    // position for restore errors ("/tmp/x/Snippet03/Snippet03.csproj : error NU1101: message [...]").
    [GeneratedRegex(@"^\s*(?:(?<file>[^\r\n(]+\.cs)\((?<line>\d+),\d+\)|[^\r\n]*?)\s*:\s*error\s+(?<code>[A-Z]+\d+)\s*:\s*(?<message>[^\r\n]*?)\s*\[(?<project>[^\]\r\n]+\.csproj)(?:::[^\]]*)?\]\s*$", RegexOptions.Multiline)]
    private static partial Regex BuildError();
}
