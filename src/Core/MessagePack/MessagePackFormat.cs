using FastFormatters.Negotiation;

namespace FastFormatters.MessagePack;

/// <summary>The MessagePack format.</summary>
public static class MessagePackFormat
{
    /// <summary>The short name of the format.</summary>
    public const string Name = "msgpack";

    /// <summary>
    /// The MessagePack media types: <c>application/x-msgpack</c> (canonical, as MessagePack-CSharp's formatters use it),
    /// <c>application/msgpack</c> and <c>application/vnd.msgpack</c>.
    /// </summary>
    public static FormatDefinition Definition { get; } = new(Name, "application/x-msgpack", "application/msgpack", "application/vnd.msgpack");
}
