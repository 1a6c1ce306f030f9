using System.Buffers;
using Microsoft.AspNetCore.Http;

namespace FastFormatters.Buffers;

/// <summary>
/// Reads a whole request body from <see cref="HttpRequest.BodyReader"/>. The server enforces its body-size limit and
/// minimum data rate while we read (413 stays 413); the body is copied into one pooled array sized from
/// <c>Content-Length</c>, so a later parse never sees bytes of an earlier request, and nothing is read synchronously.
/// A format's own limit, when lower, is enforced here the same way: 413 from <c>Content-Length</c> up front, or as soon
/// as more bytes than it allows have arrived.
/// </summary>
internal static class RequestBodyReader
{
    // Content-Length is a claim: rent at most this much up front and grow as bytes actually arrive.
    private const int MaxUpFrontRent = 16 * 1024 * 1024;
    private const int UnknownLengthRent = 16 * 1024;

    public static async ValueTask<RequestBody> ReadAsync(HttpRequest request, long? maxBodySize, CancellationToken cancellationToken)
    {
        long limit = maxBodySize ?? Array.MaxLength;
        long? declared = request.ContentLength;
        if (declared > limit)
        {
            throw TooLarge(limit);
        }

        var pipe = request.BodyReader;
        var result = await pipe.ReadAsync(cancellationToken).ConfigureAwait(false);
        if (result.Buffer.Length > limit)
        {
            pipe.AdvanceTo(result.Buffer.Start);
            throw TooLarge(limit);
        }

        if (result.IsCompleted && result.Buffer.IsSingleSegment)
        {
            return new RequestBody(pipe, result.Buffer);
        }

        int initial = declared is long length ? (int)Math.Min(length, MaxUpFrontRent) : UnknownLengthRent;
        byte[] buffer = ArrayPool<byte>.Shared.Rent(Math.Max(initial, (int)Math.Min(result.Buffer.Length, Array.MaxLength)));
        int written = 0;
        try
        {
            while (true)
            {
                foreach (var segment in result.Buffer)
                {
                    if (written + (long)segment.Length > limit)
                    {
                        pipe.AdvanceTo(result.Buffer.Start);
                        throw TooLarge(limit);
                    }

                    if (buffer.Length - written < segment.Length)
                    {
                        buffer = Grow(buffer, written, segment.Length);
                    }

                    segment.Span.CopyTo(buffer.AsSpan(written));
                    written += segment.Length;
                }

                pipe.AdvanceTo(result.Buffer.End);
                if (result.IsCompleted)
                {
                    return new RequestBody(buffer, written);
                }

                result = await pipe.ReadAsync(cancellationToken).ConfigureAwait(false);
            }
        }
        catch
        {
            ArrayPool<byte>.Shared.Return(buffer);
            throw;
        }
    }

    // Without a format limit, only one array's worth of body can be buffered; the server's own limit is normally lower.
    private static BadHttpRequestException TooLarge(long limit)
        => new(limit < Array.MaxLength
            ? $"The request body is larger than the {limit:N0} bytes this format accepts."
            : "The request body is too large to buffer.", StatusCodes.Status413PayloadTooLarge);

    private static byte[] Grow(byte[] buffer, int written, int needed)
    {
        long required = (long)written + needed;

        var larger = ArrayPool<byte>.Shared.Rent((int)Math.Min(Math.Max(required, (long)buffer.Length * 2), Array.MaxLength));
        buffer.AsSpan(0, written).CopyTo(larger);
        ArrayPool<byte>.Shared.Return(buffer);
        return larger;
    }
}
