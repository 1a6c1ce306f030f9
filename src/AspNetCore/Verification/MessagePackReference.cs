using System.Buffers;
using FastFormatters.MessagePack;

namespace FastFormatters.Verification;

/// <summary>The app's MessagePack serializer (<see cref="FormatVerificationOptions.MessagePackReference"/>), for MessagePack.</summary>
internal sealed class MessagePackReference(ExternalMessagePackSerializer serializer) : FormatReference
{
    public override string Name => serializer.GetType().Name;

    public override byte[] Serialize(object? value, Type type)
    {
        var body = new ArrayBufferWriter<byte>();
        serializer.Serialize(body, type, value);
        return body.WrittenSpan.ToArray();
    }

    public override BodyDifference? Compare(byte[] ours, byte[] reference) => MessagePackBodyComparer.Compare(ours, reference);
}
