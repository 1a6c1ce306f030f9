using System.Buffers;
using System.Buffers.Binary;
using System.Globalization;
using System.Text;
using System.Text.Unicode;
using FastFormatters.Buffers;

namespace FastFormatters.MessagePack;

/// <summary>
/// Writes MessagePack into an <see cref="IBufferWriter{T}"/>, always in the smallest encoding of each value. A container
/// is a header with its count (<see cref="WriteArrayHeader"/>, <see cref="WriteMapHeader"/>) followed by that many values
/// (twice as many for a map: each key, then its value). What an app's converter writes is checked to be exactly one
/// whole value before it joins the output.
/// </summary>
public ref struct FastMessagePackWriter
{
    private const int MaxFormattedLength = 128;

    // Strings up to this many chars are transcoded in one pass into one span (at most 48 KiB).
    private const int ContiguousStringChars = 16 * 1024;

    private readonly int _maxDepth;
    private BufferCursor _cursor;
    private int _depth;

    internal FastMessagePackWriter(IBufferWriter<byte> output, int maxDepth)
    {
        _cursor = new BufferCursor(output);
        _maxDepth = maxDepth;
        _depth = 0;
    }

    internal void Flush() => _cursor.Flush();

    /// <summary>How many more levels of containers may open before the maximum depth.</summary>
    internal readonly int RemainingDepth => _maxDepth - _depth;

    /// <summary>Flushes and returns the output, for another serializer to write a value into; writing here resumes after it.</summary>
    internal IBufferWriter<byte> FlushForExternalWriter()
    {
        _cursor.Flush();
        return _cursor.Output;
    }

    /// <summary>Writes nil.</summary>
    public void WriteNil() => _cursor.WriteByte(MessagePackCode.Nil);

    /// <summary>Writes true or false.</summary>
    public void WriteBoolean(bool value) => _cursor.WriteByte(value ? MessagePackCode.True : MessagePackCode.False);

    /// <summary>Starts an array of <paramref name="count"/> elements: write them next.</summary>
    public void WriteArrayHeader(int count)
    {
        Enter();
        WriteContainerHeader(count, MessagePackCode.MinFixArray, MessagePackCode.Array16, MessagePackCode.Array32);
    }

    /// <summary>Starts a map of <paramref name="count"/> entries: write each key, then its value, next.</summary>
    public void WriteMapHeader(int count)
    {
        Enter();
        WriteContainerHeader(count, MessagePackCode.MinFixMap, MessagePackCode.Map16, MessagePackCode.Map32);
    }

    /// <summary>Ends an array or map for the depth count that stops cycles; writes nothing.</summary>
    internal void WriteEndContainer() => _depth--;

    /// <summary>Writes a signed integer in its shortest form (as MessagePack-CSharp does).</summary>
    public void WriteInt64(long value)
    {
        if (value >= 0)
        {
            WriteUInt64((ulong)value);
            return;
        }

        var span = _cursor.GetSpan(9);
        if (value >= -32)
        {
            span[0] = unchecked((byte)value);
            _cursor.Advance(1);
        }
        else if (value >= sbyte.MinValue)
        {
            span[0] = MessagePackCode.Int8;
            span[1] = unchecked((byte)value);
            _cursor.Advance(2);
        }
        else if (value >= short.MinValue)
        {
            span[0] = MessagePackCode.Int16;
            BinaryPrimitives.WriteInt16BigEndian(span[1..], (short)value);
            _cursor.Advance(3);
        }
        else if (value >= int.MinValue)
        {
            span[0] = MessagePackCode.Int32;
            BinaryPrimitives.WriteInt32BigEndian(span[1..], (int)value);
            _cursor.Advance(5);
        }
        else
        {
            span[0] = MessagePackCode.Int64;
            BinaryPrimitives.WriteInt64BigEndian(span[1..], value);
            _cursor.Advance(9);
        }
    }

    /// <summary>Writes an unsigned integer in its shortest form.</summary>
    public void WriteUInt64(ulong value)
    {
        var span = _cursor.GetSpan(9);
        if (value <= MessagePackCode.MaxFixInt)
        {
            span[0] = (byte)value;
            _cursor.Advance(1);
        }
        else if (value <= byte.MaxValue)
        {
            span[0] = MessagePackCode.UInt8;
            span[1] = (byte)value;
            _cursor.Advance(2);
        }
        else if (value <= ushort.MaxValue)
        {
            span[0] = MessagePackCode.UInt16;
            BinaryPrimitives.WriteUInt16BigEndian(span[1..], (ushort)value);
            _cursor.Advance(3);
        }
        else if (value <= uint.MaxValue)
        {
            span[0] = MessagePackCode.UInt32;
            BinaryPrimitives.WriteUInt32BigEndian(span[1..], (uint)value);
            _cursor.Advance(5);
        }
        else
        {
            span[0] = MessagePackCode.UInt64;
            BinaryPrimitives.WriteUInt64BigEndian(span[1..], value);
            _cursor.Advance(9);
        }
    }

    /// <summary>
    /// Writes an integer in the fixed-width encoding of its CLR type (<c>d2</c> and four bytes for an <see cref="int"/>,
    /// whatever its value), as MessagePack-CSharp writes integers held in <see cref="object"/>, so its readers box
    /// them back as the same type.
    /// </summary>
    internal void WriteFixedWidthInteger(object value)
    {
        var (code, size, bits) = value switch
        {
            sbyte v => (MessagePackCode.Int8, 1, (ulong)v),
            short v => (MessagePackCode.Int16, 2, (ulong)v),
            int v => (MessagePackCode.Int32, 4, (ulong)v),
            long v => (MessagePackCode.Int64, 8, (ulong)v),
            byte v => (MessagePackCode.UInt8, 1, v),
            ushort v => (MessagePackCode.UInt16, 2, v),
            uint v => (MessagePackCode.UInt32, 4, v),
            ulong v => (MessagePackCode.UInt64, 8, v),
            _ => throw new ArgumentException($"{value.GetType()} is not a primitive integer.", nameof(value)),
        };
        var span = _cursor.GetSpan(9);
        span[0] = code;
        BinaryPrimitives.WriteUInt64BigEndian(span[1..], bits << (64 - size * 8));
        _cursor.Advance(1 + size);
    }

    /// <summary>Writes a float32.</summary>
    public void WriteSingle(float value)
    {
        var span = _cursor.GetSpan(5);
        span[0] = MessagePackCode.Float32;
        BinaryPrimitives.WriteSingleBigEndian(span[1..], value);
        _cursor.Advance(5);
    }

    /// <summary>Writes a float64.</summary>
    public void WriteDouble(double value)
    {
        var span = _cursor.GetSpan(9);
        span[0] = MessagePackCode.Float64;
        BinaryPrimitives.WriteDoubleBigEndian(span[1..], value);
        _cursor.Advance(9);
    }

    /// <summary>Writes a str, or nil for <see langword="null"/>.</summary>
    public void WriteString(string? value)
    {
        if (value is null)
        {
            WriteNil();
            return;
        }

        WriteString(value.AsSpan());
    }

    /// <summary>Writes a str.</summary>
    public void WriteString(scoped ReadOnlySpan<char> value)
    {
        if (value.Length <= ContiguousStringChars)
        {
            // One pass: transcode behind the header a string of one byte a char would have, then write the real
            // header, moving the text up when the real one is longer. It never is for ASCII, and seldom otherwise:
            // only when the UTF-8 length crosses 31, 255 or 65,535 and the char count does not.
            int guessed = StringHeaderLength(value.Length);
            var span = _cursor.GetSpan(StringHeaderLength(value.Length * 3) + (value.Length * 3));
            Utf8.FromUtf16(value, span[guessed..], out _, out int written, replaceInvalidSequences: true);
            int header = StringHeaderLength(written);
            if (header != guessed)
            {
                span.Slice(guessed, written).CopyTo(span[header..]);
            }

            WriteStringHeader(span, written);
            _cursor.Advance(header + written);
            return;
        }

        // Lone surrogates count as U+FFFD (3 bytes) here and are written as U+FFFD, so the header is exact.
        WriteStringHeader(Encoding.UTF8.GetByteCount(value));
        _cursor.WriteUtf16(value);
    }

    /// <summary>Writes a string already in UTF-8.</summary>
    public void WriteStringUtf8(scoped ReadOnlySpan<byte> utf8)
    {
        WriteStringHeader(utf8.Length);
        _cursor.Write(utf8);
    }

    /// <summary>Writes the invariant text form of a value (a GUID, a duration) as a string.</summary>
    internal void WriteFormattedString<T>(T value, scoped ReadOnlySpan<char> format)
        where T : IUtf8SpanFormattable
    {
        Span<byte> text = stackalloc byte[MaxFormattedLength];
        if (!value.TryFormat(text, out int written, format, CultureInfo.InvariantCulture))
        {
            throw new InvalidOperationException($"A value of type {typeof(T)} could not be formatted.");
        }

        WriteStringUtf8(text[..written]);
    }

    /// <summary>Writes a bin.</summary>
    public void WriteBinary(scoped ReadOnlySpan<byte> bytes)
    {
        var span = _cursor.GetSpan(5);
        if (bytes.Length <= byte.MaxValue)
        {
            span[0] = MessagePackCode.Bin8;
            span[1] = (byte)bytes.Length;
            _cursor.Advance(2);
        }
        else if (bytes.Length <= ushort.MaxValue)
        {
            span[0] = MessagePackCode.Bin16;
            BinaryPrimitives.WriteUInt16BigEndian(span[1..], (ushort)bytes.Length);
            _cursor.Advance(3);
        }
        else
        {
            span[0] = MessagePackCode.Bin32;
            BinaryPrimitives.WriteUInt32BigEndian(span[1..], (uint)bytes.Length);
            _cursor.Advance(5);
        }

        _cursor.Write(bytes);
    }

    /// <summary>Writes an extension of <paramref name="type"/> holding <paramref name="data"/>.</summary>
    public void WriteExtension(sbyte type, scoped ReadOnlySpan<byte> data)
    {
        var span = _cursor.GetSpan(6);
        int header;
        switch (data.Length)
        {
            case 1:
                span[0] = MessagePackCode.FixExt1;
                header = 1;
                break;
            case 2:
                span[0] = MessagePackCode.FixExt2;
                header = 1;
                break;
            case 4:
                span[0] = MessagePackCode.FixExt4;
                header = 1;
                break;
            case 8:
                span[0] = MessagePackCode.FixExt8;
                header = 1;
                break;
            case 16:
                span[0] = MessagePackCode.FixExt16;
                header = 1;
                break;
            case <= byte.MaxValue:
                span[0] = MessagePackCode.Ext8;
                span[1] = (byte)data.Length;
                header = 2;
                break;
            case <= ushort.MaxValue:
                span[0] = MessagePackCode.Ext16;
                BinaryPrimitives.WriteUInt16BigEndian(span[1..], (ushort)data.Length);
                header = 3;
                break;
            default:
                span[0] = MessagePackCode.Ext32;
                BinaryPrimitives.WriteUInt32BigEndian(span[1..], (uint)data.Length);
                header = 5;
                break;
        }

        span[header] = unchecked((byte)type);
        _cursor.Advance(header + 1);
        _cursor.Write(data);
    }

    /// <summary>Copies bytes that are already MessagePack.</summary>
    internal void WriteRaw(scoped ReadOnlySpan<byte> bytes) => _cursor.Write(bytes);

    /// <summary>Copies bytes encoded once as MessagePack (a member's key, an enum's name).</summary>
    internal void WriteRaw(EncodedBytes bytes) => _cursor.Write(bytes);

    /// <summary>The encoding of <paramref name="utf8"/> as a string, for keys encoded once.</summary>
    internal static byte[] EncodeString(ReadOnlySpan<byte> utf8)
    {
        var buffer = new ArrayBufferWriter<byte>(utf8.Length + 5);
        var writer = new FastMessagePackWriter(buffer, maxDepth: 1);
        writer.WriteStringUtf8(utf8);
        writer.Flush();
        return buffer.WrittenSpan.ToArray();
    }

    private static int StringHeaderLength(int length) => length switch
    {
        <= 31 => 1,
        <= byte.MaxValue => 2,
        <= ushort.MaxValue => 3,
        _ => 5,
    };

    private void WriteStringHeader(int length) => _cursor.Advance(WriteStringHeader(_cursor.GetSpan(5), length));

    /// <summary>Writes the shortest header for a string of <paramref name="length"/> bytes; returns its length.</summary>
    private static int WriteStringHeader(Span<byte> span, int length)
    {
        if (length <= 31)
        {
            span[0] = (byte)(MessagePackCode.MinFixStr | length);
            return 1;
        }

        if (length <= byte.MaxValue)
        {
            span[0] = MessagePackCode.Str8;
            span[1] = (byte)length;
            return 2;
        }

        if (length <= ushort.MaxValue)
        {
            span[0] = MessagePackCode.Str16;
            BinaryPrimitives.WriteUInt16BigEndian(span[1..], (ushort)length);
            return 3;
        }

        span[0] = MessagePackCode.Str32;
        BinaryPrimitives.WriteUInt32BigEndian(span[1..], (uint)length);
        return 5;
    }

    private void WriteContainerHeader(int count, byte fixCode, byte code16, byte code32)
    {
        var span = _cursor.GetSpan(5);
        if (count <= 15)
        {
            span[0] = (byte)(fixCode | count);
            _cursor.Advance(1);
        }
        else if (count <= ushort.MaxValue)
        {
            span[0] = code16;
            BinaryPrimitives.WriteUInt16BigEndian(span[1..], (ushort)count);
            _cursor.Advance(3);
        }
        else
        {
            span[0] = code32;
            BinaryPrimitives.WriteUInt32BigEndian(span[1..], (uint)count);
            _cursor.Advance(5);
        }
    }

    private void Enter()
    {
        if (++_depth > _maxDepth)
        {
            throw new InvalidOperationException($"The object graph is deeper than the maximum depth of {_maxDepth}; it may contain a cycle.");
        }
    }
}
