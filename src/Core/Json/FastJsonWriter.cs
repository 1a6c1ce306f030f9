using System.Buffers;
using System.Buffers.Text;
using System.Globalization;
using System.Text;
using System.Text.Unicode;
using FastFormatters.Buffers;

namespace FastFormatters.Json;

/// <summary>
/// Writes compact UTF-8 JSON into an <see cref="IBufferWriter{T}"/>, keeping the current span so most writes are a bounds
/// check and a copy. Separators are the caller's: converters know when a comma is due. Call <see cref="Flush"/> at the end.
/// </summary>
/// <remarks>
/// JMC1 is this writer with length comments: every JMC1 branch here is one call into <c>Jmc/JsonWriter.Jmc1.cs</c>,
/// the one place that knows where comments go and what they count. Without its comments, JMC1 is byte for byte this
/// writer's JSON.
/// </remarks>
public ref partial struct JsonWriter
{
    // Strings up to this many chars are transcoded in one go into one span; longer ones go in chunks.
    private const int ContiguousStringChars = 16 * 1024;

    // Strings that need escaping, up to this many chars, are escaped into one span of their worst case (6 KiB).
    private const int ContiguousEscapedChars = 1024;
    private const int MaxFormattedLength = 128;

    private readonly int _maxDepth;
    private readonly bool _jmc;
    private BufferCursor _cursor;
    private int _depth;

    internal JsonWriter(IBufferWriter<byte> output, int maxDepth, bool jmc = false)
    {
        _cursor = new BufferCursor(output);
        _maxDepth = maxDepth;
        _jmc = jmc;
        _depth = 0;
    }

    /// <summary>Hands everything written to the underlying buffer writer.</summary>
    internal void Flush() => _cursor.Flush();

    /// <summary>Whether this writes JMC1 (with length comments) rather than plain JSON.</summary>
    public readonly bool IsJmc => _jmc;

    /// <summary>Flushes and returns the output, for another serializer to write one value into; writing here resumes after it.</summary>
    internal IBufferWriter<byte> FlushForExternalWriter()
    {
        _cursor.Flush();
        return _cursor.Output;
    }

    /// <summary>Starts a plain object (its members are known by name, so JMC1 counts nothing).</summary>
    public void WriteBeginObject()
    {
        Enter();
        _cursor.WriteByte((byte)'{');
    }

    /// <summary>Starts a dictionary of <paramref name="count"/> entries (-1 when not known); JMC1 counts them.</summary>
    public void WriteBeginDictionary(int count)
    {
        Enter();
        WriteLengthComment(count);
        _cursor.WriteByte((byte)'{');
    }

    /// <summary>Ends an object or dictionary.</summary>
    public void WriteEndObject()
    {
        _depth--;
        _cursor.WriteByte((byte)'}');
    }

    /// <summary>Starts an array of <paramref name="count"/> elements (-1 when not known); JMC1 counts them.</summary>
    public void WriteBeginArray(int count)
    {
        Enter();
        WriteLengthComment(count);
        _cursor.WriteByte((byte)'[');
    }

    /// <summary>Ends an array.</summary>
    public void WriteEndArray()
    {
        _depth--;
        _cursor.WriteByte((byte)']');
    }

    /// <summary>Writes the <c>,</c> between two members or elements.</summary>
    public void WriteValueSeparator() => _cursor.WriteByte((byte)',');

    /// <summary>Writes a pre-encoded <c>"name":</c>, after a comma when <paramref name="afterSeparator"/>.</summary>
    internal void WritePropertyName(JsonMemberName name, bool afterSeparator)
        => _cursor.Write(_jmc ? name.JmcForm(afterSeparator) : afterSeparator ? name.JsonAfterSeparator : name.Json);

    /// <summary>Writes a dictionary key as <c>"key":</c>, escaping as needed.</summary>
    public void WritePropertyName(scoped ReadOnlySpan<char> name)
    {
        WriteString(name);
        _cursor.WriteByte((byte)':');
    }

    /// <summary>Writes a key that is known to need no escaping, such as a formatted number, as <c>"key":</c>.</summary>
    internal void WriteAsciiPropertyName(scoped ReadOnlySpan<byte> asciiName)
    {
        WriteAsciiString(asciiName);
        _cursor.WriteByte((byte)':');
    }

    /// <summary>Writes <c>null</c>.</summary>
    public void WriteNull() => _cursor.Write("null"u8);

    /// <summary>Writes <c>true</c> or <c>false</c>.</summary>
    public void WriteBoolean(bool value) => _cursor.Write(value ? "true"u8 : "false"u8);

    /// <summary>Writes a number in its invariant, shortest round-trip form.</summary>
    public void WriteNumber<T>(T value)
        where T : IUtf8SpanFormattable
    {
        if (!value.TryFormat(_cursor.GetSpan(MaxFormattedLength), out int written, default, CultureInfo.InvariantCulture))
        {
            ThrowFormatFailed(typeof(T));
        }

        _cursor.Advance(written);
    }

    /// <summary>Writes bytes known to need no escaping as a JSON string.</summary>
    internal void WriteAsciiString(scoped ReadOnlySpan<byte> ascii)
    {
        WriteLengthComment(ascii.Length);
        var span = _cursor.GetSpan(ascii.Length + 2);
        span[0] = (byte)'"';
        ascii.CopyTo(span[1..]);
        span[ascii.Length + 1] = (byte)'"';
        _cursor.Advance(ascii.Length + 2);
    }

    /// <summary>
    /// Room for at most <paramref name="maxLength"/> bytes of ASCII text that needs no escaping, such as a formatted
    /// date, to format straight into the output; <see cref="EndAsciiString"/> then quotes what was written.
    /// </summary>
    internal Span<byte> BeginAsciiString(int maxLength)
    {
        int prefix = (_jmc ? Jmc1CommentRoom : 0) + 1;
        return _cursor.GetSpan(prefix + maxLength + 1).Slice(prefix, maxLength);
    }

    /// <summary>Completes the string of <paramref name="length"/> bytes formatted into <see cref="BeginAsciiString"/>'s span.</summary>
    internal void EndAsciiString(int length)
    {
        // The span asked for in BeginAsciiString is still there: nothing was written since.
        var span = _cursor.GetSpan(0);
        int start = _jmc ? CommentReservedString(span, length) : 0;
        span[start] = (byte)'"';
        span[start + length + 1] = (byte)'"';
        _cursor.Advance(start + length + 2);
    }

    /// <summary>Writes a string already encoded as JSON, quotes included (an enum name encoded once).</summary>
    internal void WriteEncodedString(scoped ReadOnlySpan<byte> quoted)
    {
        WriteLengthComment(quoted.Length - 2);
        _cursor.Write(quoted);
    }

    /// <summary>Writes a string, escaped as needed, or <c>null</c>.</summary>
    public void WriteString(string? value)
    {
        if (value is null)
        {
            WriteNull();
            return;
        }

        WriteString(value.AsSpan());
    }

    /// <summary>Writes a string, escaped as needed.</summary>
    public void WriteString(scoped ReadOnlySpan<char> value)
    {
        if (_jmc)
        {
            WriteJmc1String(value);
            return;
        }

        if (!TryWriteUnescapedString(value, commentRoom: 0, out _, out int written))
        {
            WriteEscapedString(value);
            return;
        }

        _cursor.Advance(written + 2);
    }

    // Common case: nothing to escape, so one transcoding call into a span that fits the worst case, after the room left
    // for a length comment. Nothing is advanced: the caller knows what goes in that room. Not forced inline: JSON's
    // WriteString stays small enough for the JIT to inline this and the vectorized checks inside it (forcing the JMC1
    // path in as well made JSON strings 1.9x slower in DataTypeMatrixBenchmarks).
    private bool TryWriteUnescapedString(scoped ReadOnlySpan<char> value, int commentRoom, out Span<byte> span, out int written)
    {
        if (value.Length > ContiguousStringChars || value.ContainsAny(JsonEscaping.CharsToEscape))
        {
            span = default;
            written = 0;
            return false;
        }

        span = _cursor.GetSpan(value.Length * 3 + 2 + commentRoom);
        span[commentRoom] = (byte)'"';
        Utf8.FromUtf16(value, span[(commentRoom + 1)..], out _, out written, replaceInvalidSequences: true);
        span[commentRoom + written + 1] = (byte)'"';
        return true;
    }

    // Escaped strings: short ones in one pass into one span, longer ones run by run.
    private void WriteEscapedString(scoped ReadOnlySpan<char> value)
    {
        if (TryWriteShortEscapedString(value, commentRoom: 0, out _, out int written))
        {
            _cursor.Advance(written + 2);
            return;
        }

        WriteEscapedRuns(value);
    }

    // As TryWriteUnescapedString, for a string that needs escaping and is short enough for a span of its worst case.
    private bool TryWriteShortEscapedString(scoped ReadOnlySpan<char> value, int commentRoom, out Span<byte> span, out int written)
    {
        if (value.Length > ContiguousEscapedChars)
        {
            span = default;
            written = 0;
            return false;
        }

        span = _cursor.GetSpan((value.Length * JsonEscaping.MaxEscapedBytesPerChar) + 2 + commentRoom);
        span[commentRoom] = (byte)'"';
        written = JsonEscaping.EscapeInto(value, span[(commentRoom + 1)..]);
        span[commentRoom + written + 1] = (byte)'"';
        return true;
    }

    private void WriteEscapedRuns(scoped ReadOnlySpan<char> value)
    {
        _cursor.WriteByte((byte)'"');
        while (!value.IsEmpty)
        {
            int escapeAt = value.IndexOfAny(JsonEscaping.CharsToEscape);
            _cursor.WriteUtf16(escapeAt < 0 ? value : value[..escapeAt]);
            if (escapeAt < 0)
            {
                break;
            }

            WriteEscaped(value[escapeAt]);
            value = value[(escapeAt + 1)..];
        }

        _cursor.WriteByte((byte)'"');
    }

    /// <summary>Writes bytes as a base64 JSON string.</summary>
    public void WriteBase64String(scoped ReadOnlySpan<byte> bytes)
    {
        WriteLengthComment(Base64.GetMaxEncodedToUtf8Length(bytes.Length));
        _cursor.WriteByte((byte)'"');

        // Chunks of a multiple of three bytes encode without padding in the middle.
        const int chunkBytes = 3 * 1024;
        while (!bytes.IsEmpty)
        {
            var chunk = bytes.Length > chunkBytes ? bytes[..chunkBytes] : bytes;
            Base64.EncodeToUtf8(chunk, _cursor.GetSpan(Base64.GetMaxEncodedToUtf8Length(chunk.Length)), out _, out int written);
            _cursor.Advance(written);
            bytes = bytes[chunk.Length..];
        }

        _cursor.WriteByte((byte)'"');
    }

    /// <summary>Copies bytes that are already JSON.</summary>
    internal void WriteRaw(scoped ReadOnlySpan<byte> bytes) => _cursor.Write(bytes);

    private void WriteEscaped(char c) => _cursor.Advance(JsonEscaping.WriteEscape(c, _cursor.GetSpan(JsonEscaping.MaxEscapedBytesPerChar)));

    private void Enter()
    {
        if (++_depth > _maxDepth)
        {
            ThrowTooDeep(_maxDepth);
        }
    }

    private static void ThrowTooDeep(int maxDepth)
        => throw new InvalidOperationException(
            $"The object graph is deeper than the maximum depth of {maxDepth}; it may contain a cycle.");

    private static void ThrowFormatFailed(Type type)
        => throw new InvalidOperationException($"A value of type {type} could not be formatted.");
}
