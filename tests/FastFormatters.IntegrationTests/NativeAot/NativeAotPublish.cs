using System.Net.Http.Headers;
using System.Runtime.InteropServices;
using FastFormatters.IntegrationTests.Infrastructure;

namespace FastFormatters.IntegrationTests.NativeAot;

/// <summary>Publishes a project with Native AOT as a user would, and talks to the binary.</summary>
internal static class NativeAotPublish
{
    /// <summary>
    /// <c>dotnet publish -c Release -r &lt;this machine&gt;</c> into <c>{work}/publish</c>, with every project's bin/obj
    /// under <c>{work}/build</c>: the repository's own, which the test build uses, are not touched.
    /// </summary>
    public static Task<(int ExitCode, string Output)> PublishAsync(string project, string work)
        => Dotnet.RunAsync(
            Path.GetDirectoryName(project)!,
            TimeSpan.FromMinutes(15),
            null,
            "publish", project, "-c", "Release", "-r", RuntimeInformation.RuntimeIdentifier, "-o", Path.Combine(work, "publish"),
            "--artifacts-path", Path.Combine(work, "build"), "-nologo", "-tl:off", "-nr:false", "-clp:NoSummary");

    /// <summary>
    /// Writes a web app of a test's own into <c>{work}/app/{name}.csproj</c> and <c>Program.cs</c>, referencing the
    /// library and its source generator as the packages would bring them, with <paramref name="properties"/> added to
    /// its property group. Empty <c>Directory.*</c> files above it: the app inherits nothing from the temp folder, and the
    /// library projects keep the repository's own settings (warnings as errors) through their project files.
    /// </summary>
    /// <param name="sources">Files of the repository's tests compiled into the app too, by their path from the repository root.</param>
    /// <returns>The project's path.</returns>
    public static async Task<string> WriteAppAsync(string work, string name, string properties, string program, params string[] sources)
    {
        string appFolder = Path.Combine(work, "app");
        Directory.CreateDirectory(appFolder);
        foreach (string file in new[] { "Directory.Build.props", "Directory.Build.targets", "Directory.Packages.props" })
        {
            await File.WriteAllTextAsync(Path.Combine(work, file), "<Project />\n");
        }

        string library = Path.Combine(Dotnet.RepositoryRoot(), "src", "AspNetCore", "FastFormatters.AspNetCore.csproj");
        string generator = Path.Combine(Dotnet.RepositoryRoot(), "src", "Generators", "FastFormatters.Generators.csproj");
        string project = Path.Combine(appFolder, name + ".csproj");
        await File.WriteAllTextAsync(project, $"""
            <Project Sdk="Microsoft.NET.Sdk.Web">
              <PropertyGroup>
                <TargetFramework>net10.0</TargetFramework>
                <Nullable>enable</Nullable>
                <ImplicitUsings>enable</ImplicitUsings>
            {properties}
              </PropertyGroup>
              <ItemGroup>
                <ProjectReference Include="{library}" />
                <!-- What the FastFormatters.Core package brings as an analyzer. -->
                <ProjectReference Include="{generator}" OutputItemType="Analyzer" ReferenceOutputAssembly="false" />
            {string.Concat(sources.Select(source => $"    <Compile Include=\"{Path.Combine(Dotnet.RepositoryRoot(), source)}\" />\n"))}  </ItemGroup>
            </Project>

            """);
        await File.WriteAllTextAsync(Path.Combine(appFolder, "Program.cs"), program);
        return project;
    }

    public static Task<HttpResponseMessage> SendAsync(HttpClient client, HttpMethod method, string path, string mediaType, byte[]? body = null)
    {
        var request = new HttpRequestMessage(method, path);
        request.Headers.Accept.Add(new MediaTypeWithQualityHeaderValue(mediaType));
        if (body is not null)
        {
            request.Content = new ByteArrayContent(body);
            request.Content.Headers.ContentType = new MediaTypeHeaderValue(mediaType);
        }

        return client.SendAsync(request);
    }

    public static void Delete(string work)
    {
        try
        {
            Directory.Delete(work, recursive: true);
        }
        catch (IOException)
        {
            // A file still held open; the temp folder is cleaned by the OS.
        }
    }
}
