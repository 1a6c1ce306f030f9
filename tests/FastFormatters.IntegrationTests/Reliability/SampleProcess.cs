using System.Diagnostics;
using System.Globalization;
using System.Text.RegularExpressions;

namespace FastFormatters.IntegrationTests.Reliability;

/// <summary>
/// The built sample (<c>FastFormatters.Samples.WebApi.dll</c>, copied next to the test assembly by the project
/// reference) started as a child process with <c>dotnet</c>, on 127.0.0.1 and a port the OS picks, in Production. Its
/// address is read from the "Now listening on" line that <c>Microsoft.Hosting.Lifetime</c> logs at Information.
/// Disposing kills it.
/// </summary>
public sealed partial class SampleProcess : IDisposable
{
    public const string AssemblyFile = "FastFormatters.Samples.WebApi.dll";

    private readonly Process _process;
    private readonly OutputLines _output;

    private SampleProcess(Process process, Uri baseAddress, OutputLines output)
    {
        _process = process;
        BaseAddress = baseAddress;
        _output = output;
    }

    public Uri BaseAddress { get; }

    public int Id => _process.Id;

    public bool HasExited => _process.HasExited;

    /// <summary>Whether /proc/&lt;pid&gt;/status can be read here (Linux).</summary>
    public static bool ProcAvailable => File.Exists("/proc/self/status");

    /// <summary>What the child wrote to stdout and stderr so far, for failure messages.</summary>
    public string Output => _output.ToString();

    /// <summary>Completes when the child has written a line containing <paramref name="fragment"/> (loggers write after the response is sent).</summary>
    public async Task WaitForOutputAsync(string fragment, TimeSpan timeout)
    {
        try
        {
            await _output.WaitForAsync(fragment).WaitAsync(timeout);
        }
        catch (TimeoutException)
        {
            Assert.Fail($"The process did not write \"{fragment}\" within {timeout}; it wrote:{Environment.NewLine}{Output}");
        }
    }

    public static Task<SampleProcess> StartAsync(TimeSpan timeout, IReadOnlyList<string>? arguments = null)
    {
        string dll = Path.Combine(AppContext.BaseDirectory, AssemblyFile);
        Assert.True(File.Exists(dll), $"The built sample is not next to the test assembly: {dll}");
        return StartAsync(DotnetHost(), [dll, .. arguments ?? []], AppContext.BaseDirectory, timeout);
    }

    /// <summary>Starts another web app built for the JIT, <paramref name="dll"/>, the same way, in its own folder.</summary>
    public static Task<SampleProcess> StartDllAsync(string dll, TimeSpan timeout)
        => StartAsync(DotnetHost(), [dll], Path.GetDirectoryName(dll)!, timeout);

    /// <summary>Starts another web app the same way: <paramref name="fileName"/> (a native executable, say) with <paramref name="arguments"/>.</summary>
    public static async Task<SampleProcess> StartAsync(string fileName, IReadOnlyList<string> arguments, string workingDirectory, TimeSpan timeout)
    {
        var startInfo = new ProcessStartInfo(fileName)
        {
            WorkingDirectory = workingDirectory,
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        foreach (var argument in arguments.Concat(
        [
            "--urls", "http://127.0.0.1:0",
            "--Logging:LogLevel:Default", "Warning",
            "--Logging:LogLevel:Microsoft.Hosting.Lifetime", "Information",
        ]))
        {
            startInfo.ArgumentList.Add(argument);
        }

        startInfo.Environment["ASPNETCORE_ENVIRONMENT"] = "Production";
        startInfo.Environment["DOTNET_ENVIRONMENT"] = "Production";
        startInfo.Environment.Remove("ASPNETCORE_URLS");
        startInfo.Environment.Remove("ASPNETCORE_HTTP_PORTS");

        var listening = new TaskCompletionSource<Uri>(TaskCreationOptions.RunContinuationsAsynchronously);
        var process = new Process { StartInfo = startInfo, EnableRaisingEvents = true };
        var lines = new OutputLines();
        void OnLine(string? line)
        {
            if (line is null)
            {
                return;
            }

            lines.Add(line);

            if (ListeningLine().Match(line) is { Success: true } match)
            {
                listening.TrySetResult(new Uri(match.Groups[1].Value));
            }
        }

        process.OutputDataReceived += (_, e) => OnLine(e.Data);
        process.ErrorDataReceived += (_, e) => OnLine(e.Data);
        process.Exited += (_, _) => listening.TrySetException(new InvalidOperationException($"{fileName} exited with code {process.ExitCode} before listening."));
        Assert.True(process.Start());
        process.BeginOutputReadLine();
        process.BeginErrorReadLine();

        try
        {
            var address = await listening.Task.WaitAsync(timeout);
            return new SampleProcess(process, address, lines);
        }
        catch (Exception ex)
        {
            Kill(process);
            throw new InvalidOperationException($"The sample did not report its address: {ex.Message}{Environment.NewLine}{lines}", ex);
        }
    }

    /// <summary>A field of /proc/&lt;pid&gt;/status in bytes (VmHWM, VmRSS, ...).</summary>
    public long ReadStatusBytes(string field)
    {
        foreach (var line in File.ReadLines($"/proc/{Id}/status"))
        {
            if (line.StartsWith(field + ":", StringComparison.Ordinal))
            {
                var value = line[(field.Length + 1)..].Trim();
                Assert.EndsWith(" kB", value, StringComparison.Ordinal);
                return long.Parse(value[..^3], CultureInfo.InvariantCulture) * 1024;
            }
        }

        throw new InvalidOperationException($"No {field} in /proc/{Id}/status.");
    }

    /// <summary>
    /// Resets the peak RSS (VmHWM) to the current RSS by writing 5 to /proc/&lt;pid&gt;/clear_refs (Linux 4.0+); false
    /// if the kernel or permissions do not allow it.
    /// </summary>
    public bool TryResetPeak()
    {
        try
        {
            File.WriteAllText($"/proc/{Id}/clear_refs", "5");
            return true;
        }
        catch (Exception ex) when (ex is IOException or UnauthorizedAccessException)
        {
            return false;
        }
    }

    public void Dispose()
    {
        Kill(_process);
        _process.Dispose();
    }

    private static void Kill(Process process)
    {
        try
        {
            if (!process.HasExited)
            {
                process.Kill(entireProcessTree: true);
                process.WaitForExit(10_000);
            }
        }
        catch (InvalidOperationException)
        {
            // Already gone.
        }
    }

    // The muxer that runs the tests (dotnet test sets DOTNET_HOST_PATH), else the one on the PATH.
    private static string DotnetHost()
    {
        if (Environment.GetEnvironmentVariable("DOTNET_HOST_PATH") is { Length: > 0 } host && File.Exists(host))
        {
            return host;
        }

        return Environment.ProcessPath is { } path && Path.GetFileNameWithoutExtension(path) == "dotnet" ? path : "dotnet";
    }

    [GeneratedRegex(@"Now listening on: (http://\S+)")]
    private static partial Regex ListeningLine();

    // The child's lines so far, and who waits for which.
    private sealed class OutputLines
    {
        private readonly List<string> _lines = [];
        private readonly List<(string Fragment, TaskCompletionSource Seen)> _waiters = [];

        public void Add(string line)
        {
            lock (_lines)
            {
                _lines.Add(line);
                for (int i = _waiters.Count - 1; i >= 0; i--)
                {
                    if (line.Contains(_waiters[i].Fragment, StringComparison.Ordinal))
                    {
                        _waiters[i].Seen.TrySetResult();
                        _waiters.RemoveAt(i);
                    }
                }
            }
        }

        public Task WaitForAsync(string fragment)
        {
            lock (_lines)
            {
                if (_lines.Exists(line => line.Contains(fragment, StringComparison.Ordinal)))
                {
                    return Task.CompletedTask;
                }

                var seen = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
                _waiters.Add((fragment, seen));
                return seen.Task;
            }
        }

        public override string ToString()
        {
            lock (_lines)
            {
                return string.Join(Environment.NewLine, _lines);
            }
        }
    }
}
