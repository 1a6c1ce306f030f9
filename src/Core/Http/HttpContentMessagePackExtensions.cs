using System.Buffers;
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
        var contentType = content.Headers.ContentType?.MediaType;
        if (contentType is null || !ParsedMediaType.TryParse(contentType, out var mediaType) || !MessagePackFormat.Definition.Accepts(mediaType))
        {
            throw new NotSupportedException($"The content type '{contentType}' is not MessagePack.");
        }

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
                        if (written >= Array.MaxLength)
                        {
                            throw new InvalidDataException("The MessagePack content is larger than one array can hold.");
                        }

                        var larger = ArrayPool<byte>.Shared.Rent((int)Math.Min(2L * buffer.Length, Array.MaxLength));
                        buffer.AsSpan(0, written).CopyTo(larger);
                        ArrayPool<byte>.Shared.Return(buffer);
                        buffer = larger;
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
}
