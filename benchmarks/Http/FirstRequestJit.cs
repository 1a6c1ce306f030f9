using System.Runtime;
using System.Text.Json;

namespace FastFormatters.Benchmarks.Http;

/// <summary>
/// What the JIT did for the process's first request (any path but <c>/jit</c> and <c>/stats</c>): the methods it
/// compiled and the time it spent compiling them, read from <see cref="JitInfo"/> before and after that request, and
/// the methods compiled before it (startup). <c>GET /jit</c> answers them as JSON for the cold-start script.
/// </summary>
public sealed class FirstRequestJit
{
    private int _started;
    private long _methodsBefore;
    private long _methodsAfter;
    private TimeSpan _timeBefore;
    private TimeSpan _timeAfter;

    // Completed when the first request's figures are taken: its client has the whole response a moment before the
    // middleware returns, so a /jit request sent right after it can arrive first and waits for them.
    private readonly TaskCompletionSource _finished = new(TaskCreationOptions.RunContinuationsAsynchronously);

    /// <summary>Measures <paramref name="next"/> when <paramref name="context"/> is the first request.</summary>
    public Task Measure(HttpContext context, RequestDelegate next)
    {
        if (context.Request.Path.StartsWithSegments("/jit", StringComparison.OrdinalIgnoreCase)
            || context.Request.Path.StartsWithSegments("/stats", StringComparison.OrdinalIgnoreCase)
            || Interlocked.Exchange(ref _started, 1) == 1)
        {
            return next(context);
        }

        return MeasureFirst(context, next);
    }

    /// <summary>
    /// Writes the figures, <c>{"startupMethods", "methods", "jitMs"}</c>, once the first request has ended; 404 when
    /// none has started.
    /// </summary>
    public async Task WriteAsync(HttpContext context)
    {
        if (Volatile.Read(ref _started) == 0)
        {
            context.Response.StatusCode = StatusCodes.Status404NotFound;
            return;
        }

        await _finished.Task.WaitAsync(context.RequestAborted);
        context.Response.ContentType = "application/json";
        await context.Response.WriteAsync(JsonSerializer.Serialize(new Dictionary<string, double>
        {
            ["startupMethods"] = _methodsBefore,
            ["methods"] = _methodsAfter - _methodsBefore,
            ["jitMs"] = (_timeAfter - _timeBefore).TotalMilliseconds,
        }));
    }

    private async Task MeasureFirst(HttpContext context, RequestDelegate next)
    {
        (_methodsBefore, _timeBefore) = (JitInfo.GetCompiledMethodCount(), JitInfo.GetCompilationTime());
        try
        {
            await next(context);
        }
        finally
        {
            (_methodsAfter, _timeAfter) = (JitInfo.GetCompiledMethodCount(), JitInfo.GetCompilationTime());
            _finished.TrySetResult();
        }
    }
}
