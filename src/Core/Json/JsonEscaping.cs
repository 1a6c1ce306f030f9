using System.Buffers;
using System.Text.Unicode;

namespace FastFormatters.Json;

/// <summary>What JSON requires escaped (RFC 8259 §7): the quote, the backslash and the C0 controls. Nothing else is.</summary>
internal static class JsonEscaping
{
    public static readonly SearchValues<char> CharsToEscape = SearchValues.Create(
        "\"\\\u0000\u0001\u0002\u0003\u0004\u0005\u0006\u0007\u0008\u0009\u000A\u000B\u000C\u000D\u000E\u000F" +
        "\u0010\u0011\u0012\u0013\u0014\u0015\u0016\u0017\u0018\u0019\u001A\u001B\u001C\u001D\u001E\u001F");

    /// <summary>The most bytes one char can become: a control character as <c>\u00XX</c>.</summary>
    public const int MaxEscapedBytesPerChar = 6;

    /// <summary>
    /// Writes <paramref name="value"/> as UTF-8 with what JSON requires escaped, into <paramref name="destination"/>,
    /// which holds <see cref="MaxEscapedBytesPerChar"/> bytes per char; returns the bytes written. A lone surrogate
    /// becomes U+FFFD.
    /// </summary>
    public static int EscapeInto(ReadOnlySpan<char> value, Span<byte> destination)
    {
        int written = 0;
        while (true)
        {
            int escapeAt = value.IndexOfAny(CharsToEscape);
            Utf8.FromUtf16(escapeAt < 0 ? value : value[..escapeAt], destination[written..], out _, out int run, replaceInvalidSequences: true);
            written += run;
            if (escapeAt < 0)
            {
                return written;
            }

            written += WriteEscape(value[escapeAt], destination[written..]);
            value = value[(escapeAt + 1)..];
        }
    }

    /// <summary>Writes the escape of one char of <see cref="CharsToEscape"/> (at most 6 bytes); returns its length.</summary>
    public static int WriteEscape(char c, Span<byte> destination)
    {
        destination[0] = (byte)'\\';
        byte shortForm = c switch
        {
            '"' => (byte)'"',
            '\\' => (byte)'\\',
            '\n' => (byte)'n',
            '\r' => (byte)'r',
            '\t' => (byte)'t',
            '\b' => (byte)'b',
            '\f' => (byte)'f',
            _ => 0,
        };
        if (shortForm != 0)
        {
            destination[1] = shortForm;
            return 2;
        }

        destination[1] = (byte)'u';
        destination[2] = (byte)'0';
        destination[3] = (byte)'0';
        destination[4] = (byte)"0123456789abcdef"[c >> 4];
        destination[5] = (byte)"0123456789abcdef"[c & 0xF];
        return 6;
    }

    /// <summary>Bytes that end or interrupt a run of plain string content: the quote, the backslash and the C0 controls.</summary>
    public static readonly SearchValues<byte> StringSpecialBytes = SearchValues.Create(
        "\"\\\u0000\u0001\u0002\u0003\u0004\u0005\u0006\u0007\u0008\u0009\u000A\u000B\u000C\u000D\u000E\u000F\u0010\u0011\u0012\u0013\u0014\u0015\u0016\u0017\u0018\u0019\u001A\u001B\u001C\u001D\u001E\u001F"u8);
}
