using System.Collections.Concurrent;

namespace FastFormatters.JsonLines.Tests;

/// <summary>Named gates a server-side producer waits on until the test opens them: a live feed without sleeps.</summary>
public sealed class Gates
{
    private readonly ConcurrentDictionary<string, TaskCompletionSource> _gates = new();

    public Task WaitAsync(string name, CancellationToken cancellationToken) => Gate(name).Task.WaitAsync(cancellationToken);

    public void Open(string name) => Gate(name).TrySetResult();

    private TaskCompletionSource Gate(string name) => _gates.GetOrAdd(name, static _ => new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously));
}
