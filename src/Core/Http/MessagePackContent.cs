using System.Net;
using System.Net.Http.Headers;
using FastFormatters.Buffers;
using FastFormatters.MessagePack;

namespace FastFormatters.Http;

/// <summary>
/// An <see cref="HttpContent"/> holding a value serialized as MessagePack, with the same contract as the server's
/// formatters. The value is serialized once, into pooled buffers, when the content is created: the length is known
/// (no chunked encoding), sending it again (a retry) does not serialize it again, and disposing returns the buffers.
/// </summary>
public sealed class MessagePackContent : HttpContent
{
    private readonly PooledBufferWriter _payload;

    private MessagePackContent(PooledBufferWriter payload, object? value, Type objectType, MediaTypeHeaderValue mediaType)
    {
        _payload = payload;
        Value = value;
        ObjectType = objectType;
        Headers.ContentType = mediaType;
    }

    /// <summary>The value the content holds.</summary>
    public object? Value { get; }

    /// <summary>The type the value was serialized as.</summary>
    public Type ObjectType { get; }

    /// <summary>Serializes <paramref name="value"/> into a new content.</summary>
    /// <param name="value">The value.</param>
    /// <param name="mediaType">The Content-Type; <c>application/x-msgpack</c> by default.</param>
    /// <param name="options">The serializer options; the defaults (as on the server) when null.</param>
    public static MessagePackContent Create<T>(T value, MediaTypeHeaderValue? mediaType = null, FastSerializerOptions? options = null)
    {
        var payload = new PooledBufferWriter(1024);
        try
        {
            ClientSerializers.For(options).SerializeMessagePack(payload, value);
        }
        catch
        {
            payload.Dispose();
            throw;
        }

        return new MessagePackContent(payload, value, typeof(T), mediaType ?? new MediaTypeHeaderValue(MessagePackFormat.Definition.CanonicalMediaType));
    }

    /// <inheritdoc />
    protected override Task SerializeToStreamAsync(Stream stream, TransportContext? context) => _payload.CopyToAsync(stream, CancellationToken.None);

    /// <inheritdoc />
    protected override Task SerializeToStreamAsync(Stream stream, TransportContext? context, CancellationToken cancellationToken)
        => _payload.CopyToAsync(stream, cancellationToken);

    /// <inheritdoc />
    protected override bool TryComputeLength(out long length)
    {
        length = _payload.WrittenCount;
        return true;
    }

    /// <inheritdoc />
    protected override void Dispose(bool disposing)
    {
        if (disposing)
        {
            _payload.Dispose();
        }

        base.Dispose(disposing);
    }
}
