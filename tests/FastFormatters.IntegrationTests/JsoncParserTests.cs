using System.Diagnostics;
using FastFormatters.IntegrationTests.Infrastructure;

namespace FastFormatters.IntegrationTests;

/// <summary>
/// A standard JSONC parser (the jsonc-parser npm package, run with Node.js) reads our JMC1 to the same value as our JSON.
/// Node.js is on the development and CI machines; the package is installed from tests/jsonc-check's lock file on first use.
/// </summary>
[Collection(SampleServerCollection.Name)]
public sealed class JsoncParserTests(SampleServer server)
{
    [Fact]
    public async Task Jsonc_parser_reads_jmc1_to_the_same_value_as_json()
    {
        string checkDirectory = Path.Combine(Dotnet.RepositoryRoot(), "tests", "jsonc-check");
        if (!Directory.Exists(Path.Combine(checkDirectory, "node_modules", "jsonc-parser")))
        {
            await RunAsync("npm", ["ci", "--no-audit", "--no-fund"], checkDirectory);
        }

        var files = new List<string>();
        string work = Directory.CreateTempSubdirectory("jmc1-").FullName;
        foreach (var path in new[] { "/api/statuses?count=200", "/api/orders/3", "/minimal/orders/77", "/api/statuses/stream?count=500" })
        {
            foreach (var (accept, extension) in new[] { ("application/jsonc", "jsonc"), ("application/json", "json") })
            {
                using var request = new HttpRequestMessage(HttpMethod.Get, path);
                request.Headers.Accept.ParseAdd(accept);
                using var response = await server.Client.SendAsync(request);
                string file = Path.Combine(work, $"{files.Count / 2}.{extension}");
                await File.WriteAllBytesAsync(file, await response.Content.ReadAsByteArrayAsync());
                files.Add(file);
            }
        }

        string output = await RunAsync("node", ["check.mjs", .. files], checkDirectory);
        Assert.Contains("4 JMC1 documents read by jsonc-parser equal their JSON.", output, StringComparison.Ordinal);
        Directory.Delete(work, recursive: true);
    }

    private static async Task<string> RunAsync(string fileName, IEnumerable<string> arguments, string directory)
    {
        var start = new ProcessStartInfo(fileName) { WorkingDirectory = directory, RedirectStandardOutput = true, RedirectStandardError = true };
        foreach (var argument in arguments)
        {
            start.ArgumentList.Add(argument);
        }

        using var process = Process.Start(start) ?? throw new InvalidOperationException($"{fileName} did not start.");
        var stdout = process.StandardOutput.ReadToEndAsync();
        var stderr = process.StandardError.ReadToEndAsync();
        using var timeout = new CancellationTokenSource(TimeSpan.FromMinutes(3));
        await process.WaitForExitAsync(timeout.Token);
        Assert.True(process.ExitCode == 0, $"{fileName} {string.Join(' ', start.ArgumentList)} failed ({process.ExitCode}): {await stderr} {await stdout}");
        return await stdout;
    }

}
