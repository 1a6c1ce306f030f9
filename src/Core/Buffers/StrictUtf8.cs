using System.Diagnostics.CodeAnalysis;
using System.Text;

namespace FastFormatters.Buffers;

/// <summary>
/// UTF-8 decoding that refuses invalid input instead of replacing it, checking and transcoding in one pass: the
/// readers decode every string they materialize through it.
/// </summary>
internal static class StrictUtf8
{
    /// <summary>The message of every reader's error for a string that is not valid UTF-8.</summary>
    public const string InvalidMessage = "Invalid UTF-8 in a string.";

    private static readonly UTF8Encoding s_encoding = new(encoderShouldEmitUTF8Identifier: false, throwOnInvalidBytes: true);

    /// <summary>Decodes <paramref name="utf8"/>; <see langword="false"/> when it is not valid UTF-8.</summary>
    public static bool TryDecode(ReadOnlySpan<byte> utf8, [NotNullWhen(true)] out string? text)
    {
        if (utf8.IsEmpty)
        {
            text = string.Empty;
            return true;
        }

        try
        {
            text = s_encoding.GetString(utf8);
            return true;
        }
        catch (DecoderFallbackException)
        {
            text = null;
            return false;
        }
    }
}
