using System.Buffers;
using FastFormatters.Serialization;
using FastFormatters.Verification;
using Microsoft.AspNetCore.Http;

namespace FastFormatters.MessagePack;

/// <summary>
/// MessagePack in the host: a request may ask for its own compression (<see cref="MessagePackCompressionRequest"/>),
/// the verify mode compares with the app's MessagePack serializer uncompressed, and its schemas are named apart from
/// JSON's.
/// </summary>
internal sealed class MessagePackFormatBehavior : FormatBehavior
{
    public static readonly MessagePackFormatBehavior Instance = new();

    private MessagePackFormatBehavior()
    {
    }

    public override IReadOnlyList<string> ExtraResponseMediaTypes => MessagePackCompressionRequest.CompressedMediaTypes;

    public override string SchemaNameSuffix => "MessagePack";

    public override FormatReference? CreateReference(FastFormattersSerializer serializer, FormatVerificationOptions options)
        => options.MessagePackReference is { } messagePack ? new MessagePackReference(messagePack) : null;

    /// <summary>The compression the request's <c>Accept</c> asks for, said in the response's <c>Content-Type</c>.</summary>
    public override WireFormat PrepareResponse(WireFormat format, HttpContext httpContext)
    {
        var messagePack = (MessagePackWireFormat)format;
        var chosen = MessagePackCompressionHeader.Read(httpContext.Request) is { } asked ? messagePack.WithCompression(asked) : messagePack;
        var response = httpContext.Response;
        if (chosen.Compression != MessagePackCompressionMode.None && !response.HasStarted && response.ContentType is { } contentType
            && !contentType.Contains(MessagePackCompressionRequest.ParameterName, StringComparison.OrdinalIgnoreCase))
        {
            response.ContentType = $"{contentType}; {MessagePackCompressionRequest.ParameterName}={MessagePackCompressionRequest.ToParameterValue(chosen.Compression)}";
        }

        return chosen;
    }

    /// <summary>Compared uncompressed, as the reference serializer writes it.</summary>
    public override WireFormat ComparedFormat(WireFormat format) => ((MessagePackWireFormat)format).WithCompression(MessagePackCompressionMode.None);

    /// <summary>The reference's MessagePack, compressed as this response is.</summary>
    public override void WriteReference(WireFormat format, IBufferWriter<byte> output, byte[] reference) => ((MessagePackWireFormat)format).Compress(reference, output);
}
