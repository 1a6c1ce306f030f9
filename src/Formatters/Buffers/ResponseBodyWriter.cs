using Microsoft.AspNetCore.Http;

namespace FastFormatters.Buffers;

/// <summary>Sends a serialized payload: sets <c>Content-Length</c>, copies into the response pipe in flushed chunks, flushes.</summary>
internal static class ResponseBodyWriter
{
    public static async Task WriteAsync(HttpResponse response, PooledBufferWriter payload, int flushThreshold, CancellationToken cancellationToken)
    {
        if (!response.HasStarted)
        {
            response.ContentLength = payload.WrittenCount;
        }

        await payload.CopyToAsync(response.BodyWriter, flushThreshold, cancellationToken).ConfigureAwait(false);
        await response.BodyWriter.FlushAsync(cancellationToken).ConfigureAwait(false);
    }
}
