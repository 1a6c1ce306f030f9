using System.Buffers;
using System.Buffers.Text;
using System.Globalization;
using System.Text;
using System.Text.Unicode;
using FastFormatters.Buffers;
using FastFormatters.Jmc;

namespace FastFormatters.Json;

/// <summary>
/// Writes compact UTF-8 JSON into an <see cref="IBufferWriter{T}"/>, keeping the current span so most writes are a bounds
/// check and a copy. Separators are the caller's: converters know when a comma is due. Call <see cref="Flush"/> at the end.
/// </summary>
/// <remarks>
/// In JMC1 mode the same writer puts a length comment before every string, key, array and dictionary; everything else
/// is identical, so JMC1 without its comments is byte for byte the JSON output.
/// </remarks>
internal ref struct JsonWriter
{
    // Strings up to this many chars are transcoded in one go into one span; longer ones go in chunks.
    private const int ContiguousStringChars = 16 * 1024;
    private const int MaxFormattedLength = 128;

    private readonly int _maxDepth;
    private readonly bool _jmc;
    private BufferCursor _cursor;
    private int _depth;

    public JsonWriter(IBufferWriter<byte> output, int maxDepth, bool jmc = false)
    {
        _cursor = new BufferCursor(output);
        _maxDepth = maxDepth;
        _jmc = jmc;
        _depth = 0;
    }

    /// <summary>Hands everything written to the underlying buffer writer.</summary>
    public void Flush() => _cursor.Flush();

    /// <summary>Whether this writes JMC1 (with length comments) rather than plain JSON.</summary>
    public readonly bool IsJmc => _jmc;

    /// <summary>Flushes and returns the output, for another serializer to write one value into; writing here resumes after it.</summary>
    public IBufferWriter<byte> FlushForExternalWriter()
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

    public void WriteEndArray()
    {
        _depth--;
        _cursor.WriteByte((byte)']');
    }

    public void WriteValueSeparator() => _cursor.WriteByte((byte)',');

    /// <summary>Writes a pre-encoded <c>"name":</c>, after a comma when <paramref name="afterSeparator"/>.</summary>
    public void WritePropertyName(JsonMemberName name, bool afterSeparator)
        => _cursor.Write(_jmc ? (afterSeparator ? name.JmcAfterSeparator : name.Jmc) : (afterSeparator ? name.JsonAfterSeparator : name.Json));

    /// <summary>Writes a dictionary key as <c>"key":</c>, escaping as needed.</summary>
    public void WritePropertyName(scoped ReadOnlySpan<char> name)
    {
        WriteString(name);
        _cursor.WriteByte((byte)':');
    }

    /// <summary>Writes a key that is known to need no escaping, such as a formatted number, as <c>"key":</c>.</summary>
    public void WriteAsciiPropertyName(scoped ReadOnlySpan<byte> asciiName)
    {
        WriteAsciiString(asciiName);
        _cursor.WriteByte((byte)':');
    }

    public void WriteNull() => _cursor.Write("null"u8);

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
    public void WriteAsciiString(scoped ReadOnlySpan<byte> ascii)
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
    public Span<byte> BeginAsciiString(int maxLength)
    {
        int prefix = (_jmc ? Jmc1.CommentLength : 0) + 1;
        return _cursor.GetSpan(prefix + maxLength + 1).Slice(prefix, maxLength);
    }

    /// <summary>Completes the string of <paramref name="length"/> bytes formatted into <see cref="BeginAsciiString"/>'s span.</summary>
    public void EndAsciiString(int length)
    {
        // The span asked for in BeginAsciiString is still there: nothing was written since.
        var span = _cursor.GetSpan(0);
        int comment = 0;
        if (_jmc && Jmc1.CanEncode(length))
        {
            Jmc1.WriteComment(span, length);
            comment = Jmc1.CommentLength;
        }
        else if (_jmc)
        {
            span.Slice(Jmc1.CommentLength + 1, length).CopyTo(span[1..]);
        }

        span[comment] = (byte)'"';
        span[comment + length + 1] = (byte)'"';
        _cursor.Advance(comment + length + 2);
    }

    /// <summary>Writes a string already encoded as JSON, quotes included (an enum name encoded once).</summary>
    public void WriteEncodedString(scoped ReadOnlySpan<byte> quoted)
    {
        WriteLengthComment(quoted.Length - 2);
        _cursor.Write(quoted);
    }

    public void WriteString(string? value)
    {
        if (value is null)
        {
            WriteNull();
            return;
        }

        WriteString(value.AsSpan());
    }

    public void WriteString(scoped ReadOnlySpan<char> value)
    {
        if (value.Length <= ContiguousStringChars && !value.ContainsAny(JsonEscaping.CharsToEscape))
        {
            // Common case: nothing to escape, so one transcoding call into a span that fits the worst case. JMC1's
            // comment is reserved in front and filled in once the length is known.
            int comment = _jmc ? Jmc1.CommentLength : 0;
            var span = _cursor.GetSpan(value.Length * 3 + 2 + comment);
            span[comment] = (byte)'"';
            Utf8.FromUtf16(value, span[(comment + 1)..], out _, out int written, replaceInvalidSequences: true);
            span[comment + written + 1] = (byte)'"';
            if (_jmc)
            {
                if (Jmc1.CanEncode(written))
                {
                    Jmc1.WriteComment(span, written);
                }
                else
                {
                    // No comment can carry this length (our extension): no comment at all.
                    span.Slice(comment, written + 2).CopyTo(span);
                    comment = 0;
                }
            }

            _cursor.Advance(comment + written + 2);
            return;
        }

        if (_jmc)
        {
            WriteLengthComment(EscapedLength(value));
        }

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
    public void WriteRaw(scoped ReadOnlySpan<byte> bytes) => _cursor.Write(bytes);

    // The UTF-8 length of a string once escaped: what JMC1 counts.
    private static int EscapedLength(ReadOnlySpan<char> value)
    {
        int length = Encoding.UTF8.GetByteCount(value);
        int escapeAt;
        while ((escapeAt = value.IndexOfAny(JsonEscaping.CharsToEscape)) >= 0)
        {
            length += value[escapeAt] is '"' or '\\' or '\n' or '\r' or '\t' or '\b' or '\f' ? 1 : 5;
            value = value[(escapeAt + 1)..];
        }

        return length;
    }

    private void WriteLengthComment(int length)
    {
        if (_jmc && Jmc1.CanEncode(length))
        {
            Jmc1.WriteComment(_cursor.GetSpan(Jmc1.CommentLength), length);
            _cursor.Advance(Jmc1.CommentLength);
        }
    }

    private void WriteEscaped(char c)
    {
        var span = _cursor.GetSpan(6);
        span[0] = (byte)'\\';
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
            span[1] = shortForm;
            _cursor.Advance(2);
            return;
        }

        span[1] = (byte)'u';
        span[2] = (byte)'0';
        span[3] = (byte)'0';
        span[4] = (byte)"0123456789abcdef"[c >> 4];
        span[5] = (byte)"0123456789abcdef"[c & 0xF];
        _cursor.Advance(6);
    }

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
