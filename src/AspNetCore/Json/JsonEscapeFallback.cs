using System.Globalization;
using System.Text;

namespace FastFormatters.Json;

/// <summary>
/// Writes a character an encoding lacks as a JSON escape, <c>\uXXXX</c> (a surrogate pair as two), instead of the
/// encoding's own replacement (<c>?</c> in ISO-8859-1). JSON text holds characters beyond ASCII only inside strings,
/// where an escape stands for the same character: a response in such a charset keeps every value whole.
/// </summary>
internal sealed class JsonEscapeFallback : EncoderFallback
{
    public static readonly JsonEscapeFallback Instance = new();

    // Two escapes of six characters, for a surrogate pair.
    public override int MaxCharCount => 12;

    public override EncoderFallbackBuffer CreateFallbackBuffer() => new EscapeBuffer();

    private sealed class EscapeBuffer : EncoderFallbackBuffer
    {
        private string _escape = string.Empty;
        private int _next;

        public override int Remaining => _escape.Length - _next;

        public override bool Fallback(char charUnknown, int index) => Start(string.Create(CultureInfo.InvariantCulture, $"\\u{(int)charUnknown:X4}"));

        public override bool Fallback(char charUnknownHigh, char charUnknownLow, int index)
            => Start(string.Create(CultureInfo.InvariantCulture, $"\\u{(int)charUnknownHigh:X4}\\u{(int)charUnknownLow:X4}"));

        public override char GetNextChar() => _next < _escape.Length ? _escape[_next++] : '\0';

        public override bool MovePrevious()
        {
            if (_next == 0)
            {
                return false;
            }

            _next--;
            return true;
        }

        public override void Reset() => (_escape, _next) = (string.Empty, 0);

        private bool Start(string escape)
        {
            (_escape, _next) = (escape, 0);
            return true;
        }
    }
}
