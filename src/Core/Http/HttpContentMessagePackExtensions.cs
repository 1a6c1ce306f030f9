using System.Buffers;
using System.Net.Http.Headers;
using System.Runtime.CompilerServices;
using FastFormatters.MessagePack;
using FastFormatters.Negotiation;

namespace FastFormatters.Http;

/// <summary>Reads MessagePack from an <see cref="HttpContent"/>.</summary>
public static class HttpContentMessagePackExtensions
{
    private const int UnknownLengthRent = 16 * 1024;

    // Content-Length is the server's claim: rent at most this much before the bytes arrive.
    private const int MaxUpFrontRent = 16 * 1024 * 1024;

    /// <summary>
    /// Reads the content as a MessagePack <typeparamref name="T"/>: the body is read once into a pooled buffer (sized from
    /// <c>Content-Length</c> when given) and deserialized from there, with the server's strict, untrusted-data rules.
    /// </summary>
    /// <exception cref="NotSupportedException">The content's media type is not a MessagePack one.</exception>
    /// <exception cref="FormatReadException">The content is not valid MessagePack for <typeparamref name="T"/>.</exception>
    /// <exception cref="InvalidDataException">The content is larger than one array can hold.</exception>
    public static async Task<T?> ReadFromMessagePackAsync<T>(this HttpContent content, FastSerializerOptions? options = null, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(content);
        EnsureMessagePack(content);
        long? declared = content.Headers.ContentLength;
        byte[] buffer = ArrayPool<byte>.Shared.Rent(declared is long length and > 0 ? (int)Math.Min(length, MaxUpFrontRent) : UnknownLengthRent);
        int written = 0;
        try
        {
            var stream = await content.ReadAsStreamAsync(cancellationToken).ConfigureAwait(false);
            await using (stream.ConfigureAwait(false))
            {
                int read;
                while ((read = await stream.ReadAsync(buffer.AsMemory(written), cancellationToken).ConfigureAwait(false)) > 0)
                {
                    written += read;
                    if (written == buffer.Length)
                    {
                        buffer = Grow(buffer, "The MessagePack content");
                    }
                }
            }

            return ClientSerializers.For(options).DeserializeMessagePack<T>(buffer.AsSpan(0, written));
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(buffer);
        }
    }

    /// <summary>
    /// Reads the content as a sequence of <typeparamref name="T"/>, each element as it arrives when the server streamed it
    /// (<see cref="StreamedSequenceRequest"/>: consecutive top-level MessagePack values, in a buffer that holds about one
    /// element at a time), or the elements of the array it sent whole.
    /// </summary>
    /// <exception cref="NotSupportedException">The content's media type is not a MessagePack one.</exception>
    /// <exception cref="FormatReadException">An element is not valid MessagePack for <typeparamref name="T"/>, or the content ends inside one.</exception>
    /// <exception cref="InvalidDataException">An element is larger than one array can hold.</exception>
    public static IAsyncEnumerable<T?> ReadFromMessagePackAsAsyncEnumerable<T>(this HttpContent content, FastSerializerOptions? options = null, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(content);
        EnsureMessagePack(content);
        return IsStreamed(content.Headers.ContentType) ? ReadValuesAsync<T>(content, options, cancellationToken) : ReadArrayAsync<T>(content, options, cancellationToken);
    }

    private static async IAsyncEnumerable<T?> ReadArrayAsync<T>(HttpContent content, FastSerializerOptions? options, [EnumeratorCancellation] CancellationToken cancellationToken)
    {
        foreach (var item in await content.ReadFromMessagePackAsync<T?[]>(options, cancellationToken).ConfigureAwait(false) ?? [])
        {
            yield return item;
        }
    }

    private static async IAsyncEnumerable<T?> ReadValuesAsync<T>(HttpContent content, FastSerializerOptions? options, [EnumeratorCancellation] CancellationToken cancellationToken)
    {
        var serializer = ClientSerializers.For(options);
        int maxDepth = serializer.Settings.MessagePackMaxDepth;
        byte[] buffer = ArrayPool<byte>.Shared.Rent(UnknownLengthRent);
        int start = 0;
        int end = 0;
        bool completed = false;
        try
        {
            var stream = await content.ReadAsStreamAsync(cancellationToken).ConfigureAwait(false);
            await using (stream.ConfigureAwait(false))
            {
                while (true)
                {
                    while (start < end && ElementLength(buffer.AsSpan(start, end - start), maxDepth, completed) is int length and > 0)
                    {
                        var item = serializer.DeserializeMessagePack<T>(buffer.AsSpan(start, length));
                        start += length;
                        yield return item;
                    }

                    if (completed)
                    {
                        yield break;
                    }

                    // The part of an element read so far moves to the front; the buffer grows only for an element larger than it.
                    buffer.AsSpan(start, end - start).CopyTo(buffer);
                    (start, end) = (0, end - start);
                    if (end == buffer.Length)
                    {
                        buffer = Grow(buffer, "A MessagePack element");
                    }

                    int read = await stream.ReadAsync(buffer.AsMemory(end), cancellationToken).ConfigureAwait(false);
                    completed = read == 0;
                    end += read;
                }
            }
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(buffer);
        }
    }

    // A full pooled buffer, copied into one twice as large; the full one goes back to the pool.
    private static byte[] Grow(byte[] full, string what)
    {
        if (full.Length >= Array.MaxLength)
        {
            throw new InvalidDataException($"{what} is larger than one array can hold.");
        }

        var larger = ArrayPool<byte>.Shared.Rent((int)Math.Min(2L * full.Length, Array.MaxLength));
        full.AsSpan().CopyTo(larger);
        ArrayPool<byte>.Shared.Return(full);
        return larger;
    }

    // The length of the element that starts data; 0 when data holds only its beginning and more may come. An element
    // that can never be valid, or one the content ended inside, fails here, at once, with the reader's error and its
    // position, rather than after the rest of the stream has been buffered.
    private static int ElementLength(ReadOnlySpan<byte> data, int maxDepth, bool completed)
    {
        var status = MessagePackFraming.Measure(data, out int length);
        if (status == OperationStatus.Done)
        {
            return length;
        }

        if (status == OperationStatus.NeedMoreData && !completed)
        {
            return 0;
        }

        var reader = new FastMessagePackReader(data, maxDepth);
        reader.Skip();
        return reader.Position;
    }

    private static bool IsStreamed(MediaTypeHeaderValue? contentType)
    {
        foreach (var parameter in contentType?.Parameters ?? [])
        {
            if (string.Equals(parameter.Name, StreamedSequenceRequest.ParameterName, StringComparison.OrdinalIgnoreCase)
                && string.Equals(parameter.Value?.Trim('"'), StreamedSequenceRequest.ParameterValue, StringComparison.OrdinalIgnoreCase))
            {
                return true;
            }
        }

        return false;
    }

    private static void EnsureMessagePack(HttpContent content)
    {
        var contentType = content.Headers.ContentType?.MediaType;
        if (contentType is null || !ParsedMediaType.TryParse(contentType, out var mediaType) || !MessagePackFormat.Definition.Accepts(mediaType))
        {
            throw new NotSupportedException($"The content type '{contentType}' is not MessagePack.");
        }
    }
}
