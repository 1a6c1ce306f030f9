using System.Buffers;

namespace FastFormatters.JsonLines;

/// <summary>
/// Splits JSON Lines into lines and reads each as one value of a JSON format, counting lines and bytes so an error names where it
/// is. A line ends at <c>\n</c>, a <c>\r</c> before it included; the last line may end without one. An empty or blank
/// line is an error wherever it is, as the JSON Lines rule "each line is a valid JSON value" has it, except the nothing
/// after a final <c>\n</c>, which is no line.
/// </summary>
/// <remarks>A mutable struct: keep it in one variable (a field of the caller's state machine) and call it there.</remarks>
internal struct JsonLineReader(WireFormat json)
{
    private static readonly SearchValues<byte> s_blank = SearchValues.Create(" \t\r"u8);

    private long _lineNumber;
    private long _lineStart;
    private long _nextLineStart;

    /// <summary>The number of lines taken so far; the one a read of the last taken line reports.</summary>
    public readonly long LineNumber => _lineNumber;

    /// <summary>The offset in the body of the line last taken.</summary>
    public readonly long LineStart => _lineStart;

    /// <summary>
    /// Takes the next whole line from the front of <paramref name="buffer"/>, its terminator included, and leaves the rest
    /// in <paramref name="buffer"/>. Without a <c>\n</c>, <paramref name="buffer"/> holds a line only when
    /// <paramref name="isFinalBlock"/> (and it is not empty); false otherwise, with <paramref name="buffer"/> untouched.
    /// </summary>
    public bool TryTakeLine(ref ReadOnlySequence<byte> buffer, bool isFinalBlock, out ReadOnlySequence<byte> line)
    {
        long length;
        if (buffer.PositionOf(JsonLinesWire.LineFeed) is SequencePosition lineFeed)
        {
            line = buffer.Slice(0, lineFeed);
            length = line.Length + 1;
        }
        else if (isFinalBlock && !buffer.IsEmpty)
        {
            line = buffer;
            length = line.Length;
        }
        else
        {
            line = default;
            return false;
        }

        buffer = buffer.Slice(length);
        _lineNumber++;
        _lineStart = _nextLineStart;
        _nextLineStart += length;
        if (!line.IsEmpty && EndsWithCarriageReturn(line))
        {
            line = line.Slice(0, line.Length - 1);
        }

        return true;
    }

    /// <inheritdoc cref="TryTakeLine(ref ReadOnlySequence{byte}, bool, out ReadOnlySequence{byte})"/>
    public bool TryTakeLine(ref ReadOnlySpan<byte> buffer, out ReadOnlySpan<byte> line)
    {
        int length;
        int lineFeed = buffer.IndexOf(JsonLinesWire.LineFeed);
        if (lineFeed >= 0)
        {
            line = buffer[..lineFeed];
            length = lineFeed + 1;
        }
        else if (!buffer.IsEmpty)
        {
            line = buffer;
            length = buffer.Length;
        }
        else
        {
            line = default;
            return false;
        }

        buffer = buffer[length..];
        _lineNumber++;
        _lineStart = _nextLineStart;
        _nextLineStart += length;
        if (!line.IsEmpty && line[^1] == (byte)'\r')
        {
            line = line[..^1];
        }

        return true;
    }

    /// <summary>Reads the line last taken as one <typeparamref name="T"/>, in the JSON format.</summary>
    /// <exception cref="FormatReadException">The line is blank or not one valid JSON <typeparamref name="T"/>; the message names the line.</exception>
    public readonly T Read<T>(in ReadOnlySequence<byte> line)
    {
        if (IsBlank(line))
        {
            throw BlankLine();
        }

        if (line.IsSingleSegment)
        {
            return ReadSpan<T>(line.FirstSpan);
        }

        // A line split across the pipe's segments: read from one pooled copy.
        int length = checked((int)line.Length);
        byte[] contiguous = ArrayPool<byte>.Shared.Rent(length);
        try
        {
            line.CopyTo(contiguous);
            return ReadSpan<T>(contiguous.AsSpan(0, length));
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(contiguous);
        }
    }

    /// <inheritdoc cref="Read{T}(in ReadOnlySequence{byte})"/>
    public readonly T Read<T>(ReadOnlySpan<byte> line)
    {
        if (line.IndexOfAnyExcept(s_blank) < 0)
        {
            throw BlankLine();
        }

        return ReadSpan<T>(line);
    }

    /// <summary>Reads the line last taken as one value of <paramref name="type"/>, in the JSON format.</summary>
    /// <exception cref="FormatReadException">The line is blank or not one valid JSON value of that type; the message names the line.</exception>
    public readonly object? Read(ReadOnlySpan<byte> line, Type type)
    {
        if (line.IndexOfAnyExcept(s_blank) < 0)
        {
            throw BlankLine();
        }

        try
        {
            return json.Deserialize(line, type);
        }
        catch (FormatReadException ex)
        {
            throw InLine(ex);
        }
    }

    /// <summary>An error at the line last taken.</summary>
    public readonly FormatReadException Error(string message) => new(JsonLinesWire.Name, $"Line {_lineNumber}: {message}", _lineStart);

    /// <summary>A line longer than one array can hold: refused as soon as it is, before it is buffered further.</summary>
    public readonly FormatReadException LineTooLong(long bytesSoFar)
        => new(JsonLinesWire.Name, $"Line {_lineNumber + 1} is longer than {bytesSoFar} bytes, more than one array can hold.", _nextLineStart);

    private readonly T ReadSpan<T>(ReadOnlySpan<byte> line)
    {
        try
        {
            return json.Deserialize<T>(line);
        }
        catch (FormatReadException ex)
        {
            throw InLine(ex);
        }
    }

    private readonly FormatReadException BlankLine()
        => new(JsonLinesWire.Name, $"Line {_lineNumber} is empty; each line of JSON Lines holds one JSON value.", _lineStart);

    // The JSON reader's message and position, moved into the body and prefixed with the line (and the path within it,
    // which the new exception cannot carry as its own).
    private readonly FormatReadException InLine(FormatReadException error)
    {
        string path = error.Path;
        string where = path == "$" ? $"Line {_lineNumber}" : $"Line {_lineNumber}, {path}";
        long position = error.BytePosition < 0 ? _lineStart : _lineStart + error.BytePosition;
        return new FormatReadException(JsonLinesWire.Name, $"{where}: {error.Message}", position, error);
    }

    private static bool EndsWithCarriageReturn(in ReadOnlySequence<byte> line)
    {
        if (line.IsSingleSegment)
        {
            return line.FirstSpan[^1] == (byte)'\r';
        }

        Span<byte> last = stackalloc byte[1];
        line.Slice(line.Length - 1).CopyTo(last);
        return last[0] == (byte)'\r';
    }

    private static bool IsBlank(in ReadOnlySequence<byte> line)
    {
        foreach (var segment in line)
        {
            if (segment.Span.IndexOfAnyExcept(s_blank) >= 0)
            {
                return false;
            }
        }

        return true;
    }
}
