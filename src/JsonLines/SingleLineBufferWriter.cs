using System.Buffers;

namespace FastFormatters.JsonLines;

/// <summary>
/// Passes one JSON value's bytes to the output with every raw line feed turned into a space, so the value stays on its
/// line. FastFormatters' JSON writers never emit one, but a System.Text.Json converter of the app's may, through
/// <c>Utf8JsonWriter.WriteRawValue</c>; in valid UTF-8 JSON a raw line feed can only be whitespace between tokens (a
/// string holds it escaped, and no multi-byte sequence contains the byte), where a space means the same.
/// </summary>
internal sealed class SingleLineBufferWriter : IBufferWriter<byte>
{
    private IBufferWriter<byte> _output = null!;
    private Memory<byte> _lent;

    /// <summary>Writes to <paramref name="output"/> from now on.</summary>
    public SingleLineBufferWriter WritingTo(IBufferWriter<byte> output)
    {
        _output = output;
        _lent = default;
        return this;
    }

    public void Advance(int count)
    {
        _lent.Span[..count].Replace(JsonLinesWire.LineFeed, (byte)' ');
        _lent = default;
        _output.Advance(count);
    }

    public Memory<byte> GetMemory(int sizeHint = 0) => _lent = _output.GetMemory(sizeHint);

    public Span<byte> GetSpan(int sizeHint = 0) => GetMemory(sizeHint).Span;
}
