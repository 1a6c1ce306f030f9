using FastFormatters.IntegrationTests.Infrastructure;
using System.Diagnostics;
using System.IO.Compression;
using System.Net;
using System.Net.Http.Headers;
using System.Security;
using System.Text;
using System.Text.Json;
using System.Text.RegularExpressions;
using MessagePack;

namespace FastFormatters.IntegrationTests.Packaging;

/// <summary>
/// The packages install: what <c>dotnet pack</c> makes of the packable projects is what a user gets,
/// so a new web project references FastFormatters from a local feed, builds, runs on Kestrel and answers JSON, JMC1
/// and MessagePack, and a new console project takes FastFormatters.Core alone, without ASP.NET Core, and reads the web
/// app's MessagePack with the HttpClient helpers. Also: the packages are layered as docs/architecture.md says, the one pack command
/// writes every package into artifacts/packages, and no packed README has a relative link (NuGet shows it away from
/// the repository).
/// </summary>
[Collection(PackagingCollection.Name)]
public sealed partial class PackageInstallTests(PackedPackages packages) : IClassFixture<PackedPackages>
{
    [Fact]
    public async Task Every_packable_project_packs_into_artifacts_packages_with_its_symbols()
    {
        string expected = Path.Combine(packages.RepositoryRoot, "artifacts", "packages") + Path.DirectorySeparatorChar;
        foreach (var (project, packageId) in packages.Packables)
        {
            var (exitCode, output) = await Dotnet.RunAsync(
                packages.RepositoryRoot,
                TimeSpan.FromMinutes(2),
                null,
                "msbuild", project, "-getProperty:PackageOutputPath", "-getProperty:IncludeSymbols", "-getProperty:SymbolPackageFormat",
                "-getProperty:IncludeBuildOutput", "-nologo");
            Assert.True(exitCode == 0, $"dotnet msbuild {project} exited {exitCode}:\n{output}");
            var properties = JsonDocument.Parse(output).RootElement.GetProperty("Properties");
            Assert.Equal(expected, Path.GetFullPath(properties.GetProperty("PackageOutputPath").GetString()!));
            Assert.True(File.Exists(packages.PackagePath(packageId)), $"{packageId}: no {packages.PackagePath(packageId)}");

            // The umbrella package carries dependencies only: no assembly, so no symbols.
            if (properties.GetProperty("IncludeBuildOutput").GetString() == "false")
            {
                Assert.Equal("FastFormatters", packageId);
                continue;
            }

            Assert.Equal("true", properties.GetProperty("IncludeSymbols").GetString());
            Assert.Equal("snupkg", properties.GetProperty("SymbolPackageFormat").GetString());
            Assert.True(File.Exists(packages.PackagePath(packageId, "snupkg")), $"{packageId}: no {packages.PackagePath(packageId, "snupkg")}");
        }
    }

    [Fact]
    public void The_packages_are_layered_the_core_without_ASP_NET_Core_and_ours_bounded_to_one_major_version()
    {
        var core = Nuspec.Read(packages.PackagePath("FastFormatters.Core"));
        Assert.Empty(core.FrameworkReferences);
        Assert.Contains("FastFormatters.Negotiation", core.Dependencies.Keys);
        Assert.DoesNotContain("FastFormatters.AspNetCore", core.Dependencies.Keys);
        Assert.Contains("lib/net10.0/FastFormatters.Core.dll", core.Files);
        Assert.Contains("analyzers/dotnet/cs/FastFormatters.Generators.dll", core.Files);
        Assert.DoesNotContain(core.Dependencies.Keys, id => id.Contains("Generators", StringComparison.Ordinal) || id.StartsWith("Microsoft.CodeAnalysis", StringComparison.Ordinal));

        var negotiation = Nuspec.Read(packages.PackagePath("FastFormatters.Negotiation"));
        Assert.Empty(negotiation.FrameworkReferences);
        Assert.DoesNotContain(negotiation.Dependencies.Keys, id => id.StartsWith("FastFormatters", StringComparison.Ordinal));

        var aspNetCore = Nuspec.Read(packages.PackagePath("FastFormatters.AspNetCore"));
        Assert.Equal(["Microsoft.AspNetCore.App"], aspNetCore.FrameworkReferences);
        Assert.Contains("FastFormatters.Core", aspNetCore.Dependencies.Keys);
        Assert.Contains("lib/net10.0/FastFormatters.AspNetCore.dll", aspNetCore.Files);

        // The umbrella: one reference brings in everything AddFastFormatters() needs, and nothing of its own.
        var umbrella = Nuspec.Read(packages.PackagePath("FastFormatters"));
        Assert.Contains("FastFormatters.AspNetCore", umbrella.Dependencies.Keys);
        Assert.DoesNotContain(umbrella.Files, file => file.StartsWith("lib/", StringComparison.Ordinal));

        // From the version built with up to the next major: nothing crosses packages but public API, which a major keeps.
        int major = int.Parse(packages.Version.AsSpan(0, packages.Version.IndexOf('.')), System.Globalization.CultureInfo.InvariantCulture);
        string expected = $"[{packages.Version}, {major + 1}.0.0)";
        foreach (var (_, packageId) in packages.Packables)
        {
            foreach (var (id, range) in Nuspec.Read(packages.PackagePath(packageId)).Dependencies)
            {
                if (id.StartsWith("FastFormatters", StringComparison.Ordinal))
                {
                    Assert.True(range == expected, $"{packageId} depends on {id} {range}, not {expected}.");
                }
            }
        }
    }

    [Fact]
    public void The_packed_version_is_the_newest_release_in_the_changelog()
    {
        // "## [Unreleased]" first, then the releases, newest first: "## [1.0.0-rc.2] - 2026-12-07".
        string changelog = File.ReadAllText(Path.Combine(packages.RepositoryRoot, "CHANGELOG.md"));
        var newest = NewestRelease().Match(changelog);
        Assert.True(newest.Success, "CHANGELOG.md names no release.");
        Assert.Equal(newest.Groups[1].Value, packages.Version);
        Assert.True(File.Exists(packages.PackagePath("FastFormatters")), $"No {packages.PackagePath("FastFormatters")}.");
    }

    [GeneratedRegex(@"^## \[(\d+\.\d+\.\d+(?:-[0-9A-Za-z.]+)?)\] - \d{4}-\d{2}-\d{2}$", RegexOptions.Multiline)]
    private static partial Regex NewestRelease();

    [Fact]
    public void No_package_sees_the_internals_of_another()
    {
        var shipped = packages.Packables.Select(packable => packable.PackageId).ToHashSet(StringComparer.Ordinal);
        int assemblies = 0;
        foreach (var packageId in shipped)
        {
            using var package = ZipFile.OpenRead(packages.PackagePath(packageId));
            if (package.GetEntry($"lib/net10.0/{packageId}.dll") is not { } entry)
            {
                continue;
            }

            assemblies++;
            foreach (var grantee in InternalsVisibleTo(entry))
            {
                Assert.False(shipped.Contains(grantee), $"{packageId} shows its internals to {grantee}, another package.");
            }
        }

        Assert.True(assemblies >= 5, $"Only {assemblies} packages carry an assembly.");
    }

    // The assembly names an assembly's [InternalsVisibleTo] attributes grant, read from its metadata without loading it.
    private static List<string> InternalsVisibleTo(ZipArchiveEntry assembly)
    {
        using var bytes = new MemoryStream();
        using (var stream = assembly.Open())
        {
            stream.CopyTo(bytes);
        }

        bytes.Position = 0;
        using var pe = new System.Reflection.PortableExecutable.PEReader(bytes);
        var metadata = System.Reflection.Metadata.PEReaderExtensions.GetMetadataReader(pe);
        var grantees = new List<string>();
        foreach (var handle in metadata.GetAssemblyDefinition().GetCustomAttributes())
        {
            var attribute = metadata.GetCustomAttribute(handle);
            if (attribute.Constructor.Kind != System.Reflection.Metadata.HandleKind.MemberReference)
            {
                continue;
            }

            var constructor = metadata.GetMemberReference((System.Reflection.Metadata.MemberReferenceHandle)attribute.Constructor);
            var type = metadata.GetTypeReference((System.Reflection.Metadata.TypeReferenceHandle)constructor.Parent);
            if (metadata.GetString(type.Name) == "InternalsVisibleToAttribute")
            {
                // The blob: the prolog 0x0001, then the one string argument.
                var blob = metadata.GetBlobReader(attribute.Value);
                blob.ReadUInt16();
                grantees.Add(blob.ReadSerializedString()!.Split(',')[0].Trim());
            }
        }

        return grantees;
    }

    [Fact]
    public void Every_packed_README_has_only_absolute_links()
    {
        foreach (var (_, packageId) in packages.Packables)
        {
            using var package = ZipFile.OpenRead(packages.PackagePath(packageId));
            var entry = package.GetEntry("README.md");
            Assert.True(entry is not null, $"{packageId} has no README.md at its root.");
            using var reader = new StreamReader(entry.Open());
            string readme = reader.ReadToEnd();

            var targets = InlineLinkTarget().Matches(readme).Concat(ReferenceDefinitionTarget().Matches(readme))
                .Select(m => m.Groups["target"].Value)
                .ToList();
            var relative = targets.Where(t => !Scheme().IsMatch(t) && !t.StartsWith('#')).ToList();
            Assert.True(relative.Count == 0, $"{packageId}'s README.md has relative links: {string.Join(", ", relative)}");
            Assert.Contains(targets, t => t.StartsWith("https://github.com/fastformatters/fastformatters/blob/main/docs/", StringComparison.Ordinal));
        }
    }

    [Fact]
    public async Task A_new_web_project_installs_FastFormatters_from_a_local_feed_and_answers_every_format()
    {
        string app = Path.Combine(packages.Work, "app");
        string packagesFolder = Path.Combine(packages.Work, "nuget-packages");
        Directory.CreateDirectory(app);

        // What `dotnet new web` makes, with the package added and the minimal-API usage of README.md / getting-started.md.
        // Empty Directory.* files: the app inherits nothing from wherever the temp folder is.
        await File.WriteAllTextAsync(Path.Combine(packages.Work, "Directory.Build.props"), "<Project />\n");
        await File.WriteAllTextAsync(Path.Combine(packages.Work, "Directory.Build.targets"), "<Project />\n");
        await File.WriteAllTextAsync(Path.Combine(packages.Work, "Directory.Packages.props"), "<Project />\n");
        await File.WriteAllTextAsync(Path.Combine(app, "App.csproj"), $"""
            <Project Sdk="Microsoft.NET.Sdk.Web">
              <PropertyGroup>
                <TargetFramework>net10.0</TargetFramework>
                <Nullable>enable</Nullable>
                <ImplicitUsings>enable</ImplicitUsings>
              </PropertyGroup>
              <ItemGroup>
                <PackageReference Include="FastFormatters" Version="[{packages.Version}]" />
              </ItemGroup>
            </Project>

            """);
        await File.WriteAllTextAsync(Path.Combine(app, "Program.cs"), """
            using FastFormatters;
            using FastFormatters.Serialization.Shapes;

            var builder = WebApplication.CreateBuilder(args);
            builder.Services.AddFastFormatters(options => options.TypeShapeProviders.Add(AppShapes.Default));

            var app = builder.Build();
            app.MapGet("/orders/{id:int}", (int id) => FastResults.Negotiated(new Order(id, "widget")));
            app.Run();

            public sealed record Order(int Id, string Name);

            // Compiles only if the package brought the source generator, which writes GetShape and Default.
            [FastSerializable(typeof(Order))]
            internal sealed partial class AppShapes : TypeShapeProvider;

            """);

        // The feed is added to the machine's configured sources (no <clear />), as a user would add it.
        await File.WriteAllTextAsync(Path.Combine(app, "nuget.config"), $"""
            <?xml version="1.0" encoding="utf-8"?>
            <configuration>
              <packageSources>
                <add key="fastformatters-local" value="{SecurityElement.Escape(packages.Feed)}" />
              </packageSources>
            </configuration>

            """);

        // A package cache of its own, so the restore takes the packages from the feed.
        var environment = new Dictionary<string, string> { ["NUGET_PACKAGES"] = packagesFolder };
        var build = await Dotnet.RunAsync(app, TimeSpan.FromMinutes(5), environment, "build", "App.csproj", "-c", "Release", "-nologo", "-tl:off", "-nr:false");
        Assert.True(build.ExitCode == 0, $"dotnet build of the new web project exited {build.ExitCode}:\n{build.Output}");
        Assert.True(
            Directory.Exists(Path.Combine(packagesFolder, "fastformatters", packages.Version)),
            $"FastFormatters {packages.Version} was not restored into {packagesFolder}.");

        string consoleClient = await BuildConsoleClientAsync(environment);

        var start = Dotnet.StartInfo(app, environment, [Path.Combine(app, "bin", "Release", "net10.0", "App.dll"), "--urls", "http://127.0.0.1:0"]);
        foreach (string key in new[] { "ASPNETCORE_URLS", "ASPNETCORE_HTTP_PORTS", "ASPNETCORE_HTTPS_PORTS", "DOTNET_URLS" })
        {
            start.Environment.Remove(key);
        }

        start.Environment["ASPNETCORE_ENVIRONMENT"] = "Production";
        var output = new StringBuilder();
        var listening = new TaskCompletionSource<Uri>(TaskCreationOptions.RunContinuationsAsynchronously);
        using var process = new Process { StartInfo = start, EnableRaisingEvents = true };
        process.OutputDataReceived += (_, e) =>
        {
            if (e.Data is null)
            {
                return;
            }

            lock (output)
            {
                output.AppendLine(e.Data);
            }

            var match = ListeningOn().Match(e.Data);
            if (match.Success)
            {
                listening.TrySetResult(new Uri(match.Groups["url"].Value));
            }
        };
        process.ErrorDataReceived += (_, e) =>
        {
            if (e.Data is not null)
            {
                lock (output)
                {
                    output.AppendLine(e.Data);
                }
            }
        };
        process.Exited += (_, _) => listening.TrySetException(new InvalidOperationException("The app exited before it listened."));

        try
        {
            Assert.True(process.Start(), "The app did not start.");
            process.BeginOutputReadLine();
            process.BeginErrorReadLine();
            Uri? address = null;
            string failure = "";
            try
            {
                address = await listening.Task.WaitAsync(TimeSpan.FromSeconds(60));
            }
            catch (Exception e) when (e is TimeoutException or InvalidOperationException)
            {
                lock (output)
                {
                    failure = $"The app did not print \"Now listening on\" ({e.Message}). Its output:\n{output}";
                }
            }

            Assert.True(address is not null, failure);

            using var client = new HttpClient { BaseAddress = address, Timeout = TimeSpan.FromSeconds(30) };

            var (jsonType, json) = await GetAsync(client, "application/json");
            Assert.Equal("application/json; charset=utf-8", jsonType);
            Assert.Equal("""{"id":7,"name":"widget"}""", Encoding.UTF8.GetString(json));

            // JMC1: the 8-byte header, then the same JSON with a 6-byte /*..*/ length comment before each string, name
            // and collection (the payload bytes may not be UTF-8, so it is compared as bytes).
            var (jmcType, jmc) = await GetAsync(client, "application/jsonc");
            Assert.Equal("application/jsonc", jmcType);
            Assert.True(jmc.AsSpan().StartsWith("/*JMC1*/"u8), "The JMC1 body does not start with /*JMC1*/: " + Convert.ToHexString(jmc));
            Assert.Equal("""{"id":7,"name":"widget"}""", Encoding.UTF8.GetString(WithoutLengthComments(jmc.AsSpan(8))));

            var (msgPackType, msgPack) = await GetAsync(client, "application/x-msgpack");
            Assert.Equal("application/x-msgpack", msgPackType);
            Assert.Equal("""{"Id":7,"Name":"widget"}""", MessagePackSerializer.ConvertToJson(msgPack));

            var run = await Dotnet.RunAsync(consoleClient, TimeSpan.FromMinutes(1), environment, Path.Combine(consoleClient, "bin", "Release", "net10.0", "Client.dll"), address.ToString());
            Assert.True(run.ExitCode == 0, $"The console client exited {run.ExitCode}:\n{run.Output}");
            Assert.Equal(["""{"id":7,"name":"widget"}""", "7 widget"], run.Output.Split('\n', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries));
        }
        finally
        {
            if (!process.HasExited)
            {
                process.Kill(entireProcessTree: true);
            }

            await process.WaitForExitAsync();
        }
    }

    /// <summary>
    /// A new console project (the plain SDK, no ASP.NET Core) with FastFormatters.Core alone: it writes JSON with the
    /// public serializer, then GETs the web app's order as MessagePack with the HttpClient helpers. Built here; checked
    /// to have restored neither the ASP.NET Core shared framework nor the ASP.NET Core package.
    /// </summary>
    private async Task<string> BuildConsoleClientAsync(Dictionary<string, string> environment)
    {
        string client = Path.Combine(packages.Work, "client");
        Directory.CreateDirectory(client);
        await File.WriteAllTextAsync(Path.Combine(client, "Client.csproj"), $"""
            <Project Sdk="Microsoft.NET.Sdk">
              <PropertyGroup>
                <OutputType>Exe</OutputType>
                <TargetFramework>net10.0</TargetFramework>
                <Nullable>enable</Nullable>
                <ImplicitUsings>enable</ImplicitUsings>
              </PropertyGroup>
              <ItemGroup>
                <PackageReference Include="FastFormatters.Core" Version="[{packages.Version}]" />
              </ItemGroup>
            </Project>

            """);
        await File.WriteAllTextAsync(Path.Combine(client, "Program.cs"), """
            using System.Buffers;
            using System.Text;
            using FastFormatters;
            using FastFormatters.Http;

            var json = new ArrayBufferWriter<byte>();
            new FastFormattersSerializer().Serialize(FastFormat.Json, json, new Order(7, "widget"));
            Console.WriteLine(Encoding.UTF8.GetString(json.WrittenSpan));

            using var http = new HttpClient { BaseAddress = new Uri(args[0]) };
            var order = await http.GetFromMessagePackAsync<Order>("/orders/7");
            Console.WriteLine($"{order!.Id} {order.Name}");

            public sealed record Order(int Id, string Name);

            """);
        File.Copy(Path.Combine(packages.Work, "app", "nuget.config"), Path.Combine(client, "nuget.config"));

        var build = await Dotnet.RunAsync(client, TimeSpan.FromMinutes(5), environment, "build", "Client.csproj", "-c", "Release", "-nologo", "-tl:off", "-nr:false");
        Assert.True(build.ExitCode == 0, $"dotnet build of the new console project exited {build.ExitCode}:\n{build.Output}");

        using var assets = JsonDocument.Parse(await File.ReadAllTextAsync(Path.Combine(client, "obj", "project.assets.json")));
        string frameworks = assets.RootElement.GetProperty("project").GetProperty("frameworks").GetRawText();
        Assert.DoesNotContain("Microsoft.AspNetCore.App", frameworks, StringComparison.Ordinal);
        string libraries = string.Join(", ", assets.RootElement.GetProperty("libraries").EnumerateObject().Select(library => library.Name));
        Assert.Contains("FastFormatters.Core/", libraries, StringComparison.Ordinal);
        Assert.DoesNotContain("FastFormatters.AspNetCore", libraries, StringComparison.Ordinal);
        return client;
    }

    private static async Task<(string? ContentType, byte[] Body)> GetAsync(HttpClient client, string accept)
    {
        using var request = new HttpRequestMessage(HttpMethod.Get, "/orders/7");
        request.Headers.Accept.Add(new MediaTypeWithQualityHeaderValue(accept));
        using var response = await client.SendAsync(request);
        byte[] body = await response.Content.ReadAsByteArrayAsync();
        Assert.True(response.StatusCode == HttpStatusCode.OK, $"Accept {accept}: {(int)response.StatusCode} {Encoding.UTF8.GetString(body)}");
        return (response.Content.Headers.ContentType?.ToString(), body);
    }

    /// <summary>JMC1 after its header with every 6-byte length comment (<c>/* b b */</c>) taken out.</summary>
    private static byte[] WithoutLengthComments(ReadOnlySpan<byte> jmc)
    {
        var json = new List<byte>(jmc.Length);
        for (int i = 0; i < jmc.Length; i++)
        {
            if (i + 6 <= jmc.Length && jmc[i] == '/' && jmc[i + 1] == '*' && jmc[i + 4] == '*' && jmc[i + 5] == '/')
            {
                i += 5;
                continue;
            }

            json.Add(jmc[i]);
        }

        return [.. json];
    }

    [GeneratedRegex(@"Now listening on:\s*(?<url>http://127\.0\.0\.1:\d+)")]
    private static partial Regex ListeningOn();

    // [text](target) and ![alt](target), with an optional <...> around the target.
    [GeneratedRegex(@"\]\(\s*<?(?<target>[^)\s>]+)")]
    private static partial Regex InlineLinkTarget();

    // [id]: target
    [GeneratedRegex(@"^ {0,3}\[[^\]]+\]:\s*<?(?<target>[^\s>]+)", RegexOptions.Multiline)]
    private static partial Regex ReferenceDefinitionTarget();

    [GeneratedRegex(@"^[A-Za-z][A-Za-z0-9+.-]*:")]
    private static partial Regex Scheme();
}
