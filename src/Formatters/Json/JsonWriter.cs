using System.Buffers;
using System.Buffers.Text;
using System.Globalization;
using System.Runtime.CompilerServices;
using System.Text.Unicode;

namespace FastFormatters.Json;

/// <summary>
/// Writes compact UTF-8 JSON into an <see cref="IBufferWriter{T}"/>, keeping the current span so most writes are a bounds
/// check and a copy. Separators are the caller's: converters know when a comma is due. Call <see cref="Flush"/> at the end.
/// </summary>
internal ref struct JsonWriter
{
    // Strings up to this many chars are transcoded in one go into one span; longer ones go in chunks.
    private const int ContiguousStringChars = 16 * 1024;
    private const int ChunkChars = 4096;
    private const int MaxFormattedLength = 128;

    private readonly IBufferWriter<byte> _output;
    private readonly int _maxDepth;
    private Span<byte> _span;
    private int _position;
    private int _depth;

    public JsonWriter(IBufferWriter<byte> output, int maxDepth)
    {
        _output = output;
        _maxDepth = maxDepth;
        _span = default;
        _position = 0;
        _depth = 0;
    }

    /// <summary>Hands everything written to the underlying buffer writer.</summary>
    public void Flush()
    {
        if (_position > 0)
        {
            _output.Advance(_position);
            _position = 0;
        }

        _span = default;
    }

    public void WriteBeginObject()
    {
        Enter();
        WriteByte((byte)'{');
    }

    public void WriteEndObject()
    {
        _depth--;
        WriteByte((byte)'}');
    }

    /// <summary>Starts an array of <paramref name="count"/> elements (-1 when not known in advance).</summary>
    public void WriteBeginArray(int count)
    {
        _ = count;
        Enter();
        WriteByte((byte)'[');
    }

    public void WriteEndArray()
    {
        _depth--;
        WriteByte((byte)']');
    }

    public void WriteValueSeparator() => WriteByte((byte)',');

    /// <summary>Writes a pre-encoded <c>"name":</c>.</summary>
    public void WritePropertyName(JsonEncodedName name) => WriteRaw(name.Json);

    /// <summary>Writes a dictionary key as <c>"key":</c>, escaping as needed.</summary>
    public void WritePropertyName(scoped ReadOnlySpan<char> name)
    {
        WriteString(name);
        WriteByte((byte)':');
    }

    /// <summary>Writes a key that is known to need no escaping, such as a formatted number, as <c>"key":</c>.</summary>
    public void WriteAsciiPropertyName(scoped ReadOnlySpan<byte> asciiName)
    {
        WriteAsciiString(asciiName);
        WriteByte((byte)':');
    }

    public void WriteNull() => WriteRaw("null"u8);

    public void WriteBoolean(bool value) => WriteRaw(value ? "true"u8 : "false"u8);

    /// <summary>Writes a number in its invariant, shortest round-trip form.</summary>
    public void WriteNumber<T>(T value)
        where T : IUtf8SpanFormattable
    {
        Ensure(MaxFormattedLength);
        if (!value.TryFormat(_span[_position..], out int written, default, CultureInfo.InvariantCulture))
        {
            ThrowFormatFailed(typeof(T));
        }

        _position += written;
    }

    /// <summary>Writes a value whose formatted form needs no escaping (Guid, TimeSpan, ...) as a JSON string.</summary>
    public void WriteFormattedString<T>(T value, ReadOnlySpan<char> format)
        where T : IUtf8SpanFormattable
    {
        Ensure(MaxFormattedLength + 2);
        var span = _span[_position..];
        if (!value.TryFormat(span[1..], out int written, format, CultureInfo.InvariantCulture))
        {
            ThrowFormatFailed(typeof(T));
        }

        span[0] = (byte)'"';
        span[written + 1] = (byte)'"';
        _position += written + 2;
    }

    /// <summary>Writes bytes known to need no escaping as a JSON string.</summary>
    public void WriteAsciiString(scoped ReadOnlySpan<byte> ascii)
    {
        Ensure(ascii.Length + 2);
        var span = _span[_position..];
        span[0] = (byte)'"';
        ascii.CopyTo(span[1..]);
        span[ascii.Length + 1] = (byte)'"';
        _position += ascii.Length + 2;
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
            // Common case: nothing to escape, so one transcoding call into a span that fits the worst case.
            Ensure(value.Length * 3 + 2);
            var span = _span[_position..];
            span[0] = (byte)'"';
            Utf8.FromUtf16(value, span[1..], out _, out int written, replaceInvalidSequences: true);
            span[written + 1] = (byte)'"';
            _position += written + 2;
            return;
        }

        WriteByte((byte)'"');
        while (!value.IsEmpty)
        {
            int escapeAt = value.IndexOfAny(JsonEscaping.CharsToEscape);
            WriteUtf16Run(escapeAt < 0 ? value : value[..escapeAt]);
            if (escapeAt < 0)
            {
                break;
            }

            WriteEscaped(value[escapeAt]);
            value = value[(escapeAt + 1)..];
        }

        WriteByte((byte)'"');
    }

    /// <summary>Writes bytes as a base64 JSON string.</summary>
    public void WriteBase64String(scoped ReadOnlySpan<byte> bytes)
    {
        WriteByte((byte)'"');
        // Chunks of a multiple of three bytes encode without padding in the middle.
        const int chunkBytes = 3 * 1024;
        while (!bytes.IsEmpty)
        {
            var chunk = bytes.Length > chunkBytes ? bytes[..chunkBytes] : bytes;
            Ensure(Base64.GetMaxEncodedToUtf8Length(chunk.Length));
            Base64.EncodeToUtf8(chunk, _span[_position..], out _, out int written);
            _position += written;
            bytes = bytes[chunk.Length..];
        }

        WriteByte((byte)'"');
    }

    /// <summary>Copies bytes that are already JSON (a pre-encoded name or token).</summary>
    public void WriteRaw(scoped ReadOnlySpan<byte> bytes)
    {
        if (_span.Length - _position < bytes.Length)
        {
            Grow(bytes.Length);
        }

        bytes.CopyTo(_span[_position..]);
        _position += bytes.Length;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private void WriteByte(byte value)
    {
        if (_position >= _span.Length)
        {
            Grow(1);
        }

        _span[_position++] = value;
    }

    private void WriteUtf16Run(scoped ReadOnlySpan<char> run)
    {
        while (!run.IsEmpty)
        {
            int take = Math.Min(run.Length, ChunkChars);
            if (take < run.Length && char.IsHighSurrogate(run[take - 1]))
            {
                take--; // keep a surrogate pair in one chunk
            }

            Ensure(take * 3);
            Utf8.FromUtf16(run[..take], _span[_position..], out _, out int written, replaceInvalidSequences: true);
            _position += written;
            run = run[take..];
        }
    }

    private void WriteEscaped(char c)
    {
        Ensure(6);
        var span = _span[_position..];
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
            _position += 2;
            return;
        }

        span[1] = (byte)'u';
        span[2] = (byte)'0';
        span[3] = (byte)'0';
        span[4] = (byte)"0123456789abcdef"[c >> 4];
        span[5] = (byte)"0123456789abcdef"[c & 0xF];
        _position += 6;
    }

    private void Enter()
    {
        if (++_depth > _maxDepth)
        {
            ThrowTooDeep(_maxDepth);
        }
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private void Ensure(int size)
    {
        if (_span.Length - _position < size)
        {
            Grow(size);
        }
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private void Grow(int size)
    {
        if (_position > 0)
        {
            _output.Advance(_position);
            _position = 0;
        }

        _span = _output.GetSpan(size);
    }

    private static void ThrowTooDeep(int maxDepth)
        => throw new InvalidOperationException(
            $"The object graph is deeper than the maximum depth of {maxDepth}; it may contain a cycle.");

    private static void ThrowFormatFailed(Type type)
        => throw new InvalidOperationException($"A value of type {type} could not be formatted.");
}
