using System.Buffers;
using FastFormatters.Negotiation;
using FastFormatters.Serialization;
using FastFormatters.Verification;
using Microsoft.AspNetCore.Http;

namespace FastFormatters.MessagePack;

/// <summary>
/// The MessagePack format. One instance per compression: the server-wide one, and the others a request may ask for
/// (<see cref="MessagePackCompressionRequest"/>), which share the size estimates and the sequence writers.
/// </summary>
internal sealed class MessagePackFormatSerializer : FormatSerializer
{
    private readonly MessagePackFormatSerializer[] _byCompression;

    public MessagePackFormatSerializer(FastFormattersSerializer serializer, MessagePackOptions options, ResponseVerifier? verifier = null)
        : base(serializer, FastFormat.MessagePack, MessagePackFormat.Definition, options, verifier)
    {
        _byCompression = new MessagePackFormatSerializer[Enum.GetValues<MessagePackCompressionMode>().Length];
        foreach (var compression in Enum.GetValues<MessagePackCompressionMode>())
        {
            _byCompression[(int)compression] = compression == serializer.MessagePackCompression
                ? this
                : new MessagePackFormatSerializer(this, serializer.WithMessagePackCompression(compression));
        }
    }

    private MessagePackFormatSerializer(MessagePackFormatSerializer server, FastFormattersSerializer serializer)
        : base(server, serializer)
        => _byCompression = server._byCompression;

    private MessagePackCompressionMode Compression => Serializer.MessagePackCompression;

    public override bool IsUtf8Text => false;

    /// <summary>A compressed response is framed as a whole (block lengths first), so it cannot be streamed.</summary>
    public override bool CanStreamSequences => Compression == MessagePackCompressionMode.None;

    public override bool SendsComparedBody => Compression == MessagePackCompressionMode.None;

    public override IFormatSerializer PrepareResponse(HttpContext httpContext)
    {
        var chosen = _byCompression[(int)(MessagePackCompressionHeader.Read(httpContext.Request) ?? Compression)];
        var response = httpContext.Response;
        if (chosen.Compression != MessagePackCompressionMode.None && !response.HasStarted && response.ContentType is { } contentType
            && !contentType.Contains(MessagePackCompressionRequest.ParameterName, StringComparison.OrdinalIgnoreCase))
        {
            response.ContentType = $"{contentType}; {MessagePackCompressionRequest.ParameterName}={MessagePackCompressionRequest.ToParameterValue(chosen.Compression)}";
        }

        return chosen;
    }

    /// <summary>Compared uncompressed, as the reference serializer writes it.</summary>
    public override void SerializeForComparison(IBufferWriter<byte> output, object? value, Type type)
        => _byCompression[(int)MessagePackCompressionMode.None].SerializeOwn(output, value, type);

    /// <summary>The reference's MessagePack, compressed as this response is.</summary>
    public override void WriteReference(IBufferWriter<byte> output, byte[] reference)
        => FastFormattersSerializer.CompressMessagePack(reference, output, Compression);
}
