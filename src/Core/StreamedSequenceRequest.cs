using FastFormatters.MessagePack;

namespace FastFormatters;

/// <summary>
/// How a request asks for a sequence response (an <see cref="IAsyncEnumerable{T}"/>, a list) to be streamed element by
/// element in a format whose arrays state their length first: the <c>stream=true</c> parameter on the MessagePack or
/// JMC1 media type it accepts (<c>Accept: application/x-msgpack; stream=true</c>). Without it such a sequence of unknown
/// length is gathered before it is written, since the count goes first; with it, the body is written as the elements
/// come, in flat memory, and the response's <c>Content-Type</c> carries the same parameter:
/// <list type="bullet">
/// <item>MessagePack: the elements as consecutive top-level values, with no array header: what MessagePack-CSharp's
/// <c>MessagePackStreamReader</c> reads, and <see cref="Http.HttpClientMessagePackExtensions.GetFromMessagePackAsAsyncEnumerable"/>.</item>
/// <item>JMC1: the same array without its count comment, which JMC1 makes optional.</item>
/// </list>
/// JSON always streams and takes no parameter. A compressed MessagePack response (<see cref="MessagePackCompressionRequest"/>)
/// is framed as a whole, so it is not streamed even when asked.
/// </summary>
public static class StreamedSequenceRequest
{
    /// <summary>The media-type parameter: <c>stream</c>.</summary>
    public const string ParameterName = "stream";

    /// <summary>The value that asks for streaming: <c>true</c>.</summary>
    public const string ParameterValue = "true";
}
