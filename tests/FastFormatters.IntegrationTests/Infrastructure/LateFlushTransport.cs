using System.IO.Pipelines;
using Microsoft.AspNetCore.Connections;

namespace FastFormatters.IntegrationTests.Infrastructure;

/// <summary>
/// Kestrel connection middleware that makes the server's flushes finish as late as they can, as a busy or cold thread
/// pool makes them: a flush that waits for the client (more than Kestrel's response buffer) still hands its bytes to the
/// socket at once, but the code awaiting it resumes only when the client has read every byte sent so far and, if those
/// bytes end the response, has closed the connection and the server has seen it (the flush's token cancelled, or the
/// connection closed when the flush has no token). A flush that does not wait for the client is left alone.
/// </summary>
/// <remarks>
/// Applies to the connections made while <see cref="Progress"/> is set, one at a time; <see cref="WholeResponseClient"/>
/// reports to it.
/// </remarks>
public sealed class LateFlushTransport
{
    private static readonly TimeSpan s_timeout = TimeSpan.FromSeconds(30);

    /// <summary>The progress of the client whose connection is next; null leaves connections as Kestrel makes them.</summary>
    public ClientProgress? Progress { get; set; }

    /// <summary>The middleware, for <c>ListenOptions.Use</c>.</summary>
    public ConnectionDelegate Wrap(ConnectionDelegate next) => async connection =>
    {
        if (Progress is not { } progress)
        {
            await next(connection);
            return;
        }

        var transport = connection.Transport;
        connection.Transport = new Duplex(transport.Input, new LateFlushWriter(transport.Output, progress, connection.ConnectionClosed));
        try
        {
            await next(connection);
        }
        finally
        {
            connection.Transport = transport;
        }
    };

    private sealed class Duplex(PipeReader input, PipeWriter output) : IDuplexPipe
    {
        public PipeReader Input => input;

        public PipeWriter Output => output;
    }

    private sealed class LateFlushWriter(PipeWriter inner, ClientProgress progress, CancellationToken connectionClosed) : PipeWriter
    {
        private long _written;

        public override bool CanGetUnflushedBytes => inner.CanGetUnflushedBytes;

        public override long UnflushedBytes => inner.UnflushedBytes;

        public override void Advance(int bytes)
        {
            _written += bytes;
            inner.Advance(bytes);
        }

        public override Memory<byte> GetMemory(int sizeHint = 0) => inner.GetMemory(sizeHint);

        public override Span<byte> GetSpan(int sizeHint = 0) => inner.GetSpan(sizeHint);

        public override void CancelPendingFlush() => inner.CancelPendingFlush();

        public override void Complete(Exception? exception = null) => inner.Complete(exception);

        public override ValueTask CompleteAsync(Exception? exception = null) => inner.CompleteAsync(exception);

        public override ValueTask<FlushResult> FlushAsync(CancellationToken cancellationToken = default)
        {
            var flushing = inner.FlushAsync(cancellationToken);
            return flushing.IsCompleted ? flushing : ResumeLateAsync(flushing, _written, cancellationToken);
        }

        private async ValueTask<FlushResult> ResumeLateAsync(ValueTask<FlushResult> flushing, long sent, CancellationToken cancellationToken)
        {
            var result = await flushing;
            bool closed = await progress.CaughtUpOrClosedAsync(sent).WaitAsync(s_timeout);
            if (closed)
            {
                await CancelledAsync(cancellationToken.CanBeCanceled ? cancellationToken : connectionClosed).WaitAsync(s_timeout);
            }

            return result;
        }

        private static async Task CancelledAsync(CancellationToken token)
        {
            var cancelled = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
            await using (token.Register(() => cancelled.TrySetResult()))
            {
                await cancelled.Task;
            }
        }
    }
}
