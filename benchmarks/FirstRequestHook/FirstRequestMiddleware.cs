using System.Globalization;
using System.Runtime;
using Microsoft.AspNetCore.Http;

namespace FastFormatters.Benchmarks.FirstRequestHook;

/// <summary>
/// Reads <see cref="JitInfo"/> around the process's first request and, once it has ended, writes to the file named by
/// <c>FIRST_REQUEST_JIT_FILE</c> the methods the JIT compiled before it, during it, and its JIT time during it.
/// </summary>
public sealed class FirstRequestMiddleware(RequestDelegate next)
{
    public const string FileVariable = "FIRST_REQUEST_JIT_FILE";

    private readonly string _path = Environment.GetEnvironmentVariable(FileVariable)!;
    private int _started;

    public Task InvokeAsync(HttpContext context)
        => Interlocked.Exchange(ref _started, 1) == 0 ? MeasureFirst(context) : next(context);

    private async Task MeasureFirst(HttpContext context)
    {
        var (methodsBefore, timeBefore) = (JitInfo.GetCompiledMethodCount(), JitInfo.GetCompilationTime());
        try
        {
            await next(context);
        }
        finally
        {
            var (methodsAfter, timeAfter) = (JitInfo.GetCompiledMethodCount(), JitInfo.GetCompilationTime());

            // Written whole under another name, then renamed: the script reads the file as soon as it appears.
            string text = string.Create(
                CultureInfo.InvariantCulture,
                $"startup_methods={methodsBefore} methods={methodsAfter - methodsBefore} jit_ms={(timeAfter - timeBefore).TotalMilliseconds:F1}\n");
            await File.WriteAllTextAsync(_path + ".tmp", text);
            File.Move(_path + ".tmp", _path, overwrite: true);
        }
    }
}
