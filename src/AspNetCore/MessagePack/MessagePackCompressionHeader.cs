using FastFormatters.Negotiation;
using Microsoft.AspNetCore.Http;

namespace FastFormatters.MessagePack;

/// <summary>Reads the <see cref="MessagePackCompressionRequest.ParameterName"/> parameter a request's <c>Accept</c> header puts on a MessagePack media type.</summary>
internal static class MessagePackCompressionHeader
{
    // Read once: Enum.GetValues makes a new array on every call.
    private static readonly MessagePackCompressionMode[] s_modes = Enum.GetValues<MessagePackCompressionMode>();

    /// <summary>The compression the request's <c>Accept</c> header asks for on a MessagePack media type, if any.</summary>
    public static MessagePackCompressionMode? Read(HttpRequest request)
    {
        ArgumentNullException.ThrowIfNull(request);
        var value = AcceptParameter.Find(request, MessagePackFormat.Definition, MessagePackCompressionRequest.ParameterName, static value => Parse(value) is not null);
        return value.Length == 0 ? null : Parse(value);
    }

    private static MessagePackCompressionMode? Parse(Microsoft.Extensions.Primitives.StringSegment value)
    {
        foreach (var compression in s_modes)
        {
            if (value.Equals(MessagePackCompressionRequest.ToParameterValue(compression), StringComparison.OrdinalIgnoreCase))
            {
                return compression;
            }
        }

        return null;
    }
}
