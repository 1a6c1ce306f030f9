namespace FastFormatters.IntegrationTests.Infrastructure;

/// <summary>How far a client has read its one response, and whether it has closed the connection; told by the client.</summary>
public sealed class ClientProgress
{
    private readonly Lock _lock = new();
    private TaskCompletionSource _changed = new(TaskCreationOptions.RunContinuationsAsynchronously);
    private long _read;
    private bool _closed;

    /// <summary>The client has read <paramref name="total"/> bytes in all and waits for more.</summary>
    public void Read(long total)
    {
        lock (_lock)
        {
            _read = total;
            Signal();
        }
    }

    /// <summary>The client has closed the connection.</summary>
    public void Closed()
    {
        lock (_lock)
        {
            _closed = true;
            Signal();
        }
    }

    /// <summary>Completes with false once the client has read <paramref name="sent"/> bytes and waits for more; with true once it has closed.</summary>
    public async Task<bool> CaughtUpOrClosedAsync(long sent)
    {
        while (true)
        {
            Task changed;
            lock (_lock)
            {
                if (_closed)
                {
                    return true;
                }

                if (_read >= sent)
                {
                    return false;
                }

                changed = _changed.Task;
            }

            await changed;
        }
    }

    private void Signal()
    {
        _changed.TrySetResult();
        _changed = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
    }
}
