using System.Buffers;

namespace FastFormatters.JsonLines;

/// <summary>
/// Passes one JSON value's bytes to the output with every raw line feed and carriage return turned into a space, so the
/// value stays on its line, also for readers that end a line at a lone <c>\r</c> (Node's <c>readline</c>, Python's
/// universal newlines). FastFormatters' JSON writers never emit either, but a System.Text.Json converter of the app's
/// may, through <c>Utf8JsonWriter.WriteRawValue</c>; in valid UTF-8 JSON either byte can only be whitespace between
/// tokens (a string holds it escaped, and no multi-byte sequence contains it), where a space means the same.
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
        var written = _lent.Span[..count];
        if (written.IndexOfAny(JsonLinesWire.LineFeed, JsonLinesWire.CarriageReturn) >= 0)
        {
            written.Replace(JsonLinesWire.LineFeed, (byte)' ');
            written.Replace(JsonLinesWire.CarriageReturn, (byte)' ');
        }

        _lent = default;
        _output.Advance(count);
    }

    public Memory<byte> GetMemory(int sizeHint = 0) => _lent = _output.GetMemory(sizeHint);

    public Span<byte> GetSpan(int sizeHint = 0) => GetMemory(sizeHint).Span;
}
