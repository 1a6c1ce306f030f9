using System.Buffers;

namespace FastFormatters.Json;

/// <summary>What JSON requires escaped (RFC 8259 §7): the quote, the backslash and the C0 controls. Nothing else is.</summary>
internal static class JsonEscaping
{
    public static readonly SearchValues<char> CharsToEscape = SearchValues.Create(
        "\"\\\u0000\u0001\u0002\u0003\u0004\u0005\u0006\u0007\u0008\u0009\u000A\u000B\u000C\u000D\u000E\u000F" +
        "\u0010\u0011\u0012\u0013\u0014\u0015\u0016\u0017\u0018\u0019\u001A\u001B\u001C\u001D\u001E\u001F");

    /// <summary>Bytes that end or interrupt a run of plain string content: the quote, the backslash and the C0 controls.</summary>
    public static readonly SearchValues<byte> StringSpecialBytes = SearchValues.Create(
        "\"\\\u0000\u0001\u0002\u0003\u0004\u0005\u0006\u0007\u0008\u0009\u000A\u000B\u000C\u000D\u000E\u000F\u0010\u0011\u0012\u0013\u0014\u0015\u0016\u0017\u0018\u0019\u001A\u001B\u001C\u001D\u001E\u001F"u8);
}
