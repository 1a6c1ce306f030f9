using System.Buffers;
using System.Buffers.Binary;
using System.Globalization;
using System.Runtime.CompilerServices;
using System.Text;
using System.Text.Unicode;
using FastFormatters.Buffers;

namespace FastFormatters.MessagePack;

/// <summary>
/// Writes MessagePack into an <see cref="IBufferWriter{T}"/>, always in the smallest encoding of each value. A container
/// is a header with its count (<see cref="WriteArrayHeader"/>, <see cref="WriteMapHeader"/>) followed by that many values
/// (twice as many for a map: each key, then its value). While an app's converter writes, the writer keeps the count of
/// values each open container is still owed: a value past a filled count fails at once, and the converter's value must
/// be exactly one whole value when its <c>Write</c> returns. Built-in converters write without the count.
/// </summary>
public ref struct FastMessagePackWriter
{
    private const int MaxFormattedLength = 128;

    // Strings up to this many chars are transcoded in one pass into one span (at most 48 KiB).
    private const int ContiguousStringChars = 16 * 1024;

    private readonly int _maxDepth;
    private BufferCursor _cursor;
    private int _depth;

    // While an app's converter writes (see WriteExactlyOne): the values still owed by each container open around the
    // innermost one, from the checked value outwards (rented; null while nothing is checked), their number, the values
    // still owed by the innermost container (or by the checked value itself), and where the innermost checked value's
    // containers start in _owed.
    private int[]? _owed;
    private int _owedCount;
    private int _remaining;
    private int _checkedStart;

    internal FastMessagePackWriter(IBufferWriter<byte> output, int maxDepth)
    {
        _cursor = new BufferCursor(output);
        _maxDepth = maxDepth;
        _depth = 0;
    }

    internal void Flush() => _cursor.Flush();

    /// <summary>Flushes and returns the output, for another serializer to write one value into; writing here resumes after it.</summary>
    internal IBufferWriter<byte> FlushForExternalWriter()
    {
        CountValues(1);
        _cursor.Flush();
        return _cursor.Output;
    }

    /// <summary>
    /// Has <paramref name="converter"/> (an app's) write <paramref name="value"/> here, and fails unless it wrote exactly
    /// one whole value: every container it opens gets the values its header promises, and nothing follows. A converter
    /// that writes past a count fails at once; one that writes too little fails when it returns; both are named.
    /// </summary>
    internal void WriteExactlyOne<T>(Converters.MessagePackValueConverter<T> converter, T value)
    {
        int outerStart = _checkedStart;
        bool nested = _owed is not null;
        if (nested)
        {
            // One value of the enclosing checked value: what it still owes waits below this one's containers.
            OpenCounted(1);
        }
        else
        {
            _owed = ArrayPool<int>.Shared.Rent(16);
            _owedCount = 0;
            _remaining = 1;
        }

        _checkedStart = _owedCount;
        try
        {
            converter.Write(ref this, value);
        }
        catch (Exception ex) when (ex is InvalidOperationException or ArgumentOutOfRangeException)
        {
            throw new InvalidOperationException($"{converter.GetType()} wrote invalid MessagePack for a {typeof(T)}: {ex.Message}", ex);
        }

        if (_remaining != 0 || _owedCount != _checkedStart)
        {
            throw new InvalidOperationException(_remaining == 1 && _owedCount == _checkedStart
                ? $"{converter.GetType()} wrote no MessagePack value for a {typeof(T)}."
                : $"{converter.GetType()} did not write one whole MessagePack value for a {typeof(T)}: {_owedCount - _checkedStart} container(s) were left short of their headers' counts, the innermost by {_remaining} value(s).");
        }

        _checkedStart = outerStart;
        if (nested)
        {
            // Closes the slot opened above, and with it any enclosing container this value filled.
            _remaining = _owed![--_owedCount];
            CloseFilled();
        }
        else
        {
            ArrayPool<int>.Shared.Return(_owed!);
            _owed = null;
        }
    }

    /// <summary>Writes nil.</summary>
    public void WriteNil()
    {
        CountValue();
        _cursor.WriteByte(MessagePackCode.Nil);
    }

    /// <summary>Writes true or false.</summary>
    public void WriteBoolean(bool value)
    {
        CountValue();
        _cursor.WriteByte(value ? MessagePackCode.True : MessagePackCode.False);
    }

    /// <summary>Starts an array of <paramref name="count"/> elements: write them next.</summary>
    public void WriteArrayHeader(int count)
    {
        Enter();
        if (_owed is not null)
        {
            OpenCounted(count);
        }

        WriteContainerHeader(count, MessagePackCode.MinFixArray, MessagePackCode.Array16, MessagePackCode.Array32);
    }

    /// <summary>Starts a map of <paramref name="count"/> entries: write each key, then its value, next.</summary>
    public void WriteMapHeader(int count)
    {
        Enter();
        if (_owed is not null)
        {
            OpenCounted(count > int.MaxValue / 2 ? -1 : count * 2);
        }

        WriteContainerHeader(count, MessagePackCode.MinFixMap, MessagePackCode.Map16, MessagePackCode.Map32);
    }

    /// <summary>
    /// Ends an array or map for the depth count that stops cycles; writes nothing. While an app's converter writes, a
    /// container ends by its count instead.
    /// </summary>
    internal void WriteEndContainer()
    {
        if (_owed is null)
        {
            _depth--;
        }
    }

    /// <summary>Writes a signed integer in its shortest form (as MessagePack-CSharp does).</summary>
    public void WriteInt64(long value)
    {
        CountValue();
        if (value >= 0)
        {
            WriteUnsigned((ulong)value);
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
        CountValue();
        WriteUnsigned(value);
    }

    private void WriteUnsigned(ulong value)
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
        CountValue();
        var span = _cursor.GetSpan(9);
        span[0] = code;
        BinaryPrimitives.WriteUInt64BigEndian(span[1..], bits << (64 - size * 8));
        _cursor.Advance(1 + size);
    }

    /// <summary>Writes a float32.</summary>
    public void WriteSingle(float value)
    {
        CountValue();
        var span = _cursor.GetSpan(5);
        span[0] = MessagePackCode.Float32;
        BinaryPrimitives.WriteSingleBigEndian(span[1..], value);
        _cursor.Advance(5);
    }

    /// <summary>Writes a float64.</summary>
    public void WriteDouble(double value)
    {
        CountValue();
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
        CountValue();
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
        CountValue();
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
        CountValue();
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
        CountValue();
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

    /// <summary>Copies bytes that are already MessagePack: <paramref name="values"/> whole values.</summary>
    internal void WriteRaw(scoped ReadOnlySpan<byte> bytes, int values)
    {
        CountValues(values);
        _cursor.Write(bytes);
    }

    /// <summary>Copies one value encoded once as MessagePack (a member's key, an enum's name).</summary>
    internal void WriteRaw(EncodedBytes bytes)
    {
        CountValue();
        _cursor.Write(bytes);
    }

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

    // Counts one value against the innermost open container while an app's converter writes; otherwise one test.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private void CountValue()
    {
        if (_owed is not null)
        {
            CountValues(1);
        }
    }

    private void CountValues(int values)
    {
        if (_owed is null)
        {
            return;
        }

        if (values > _remaining)
        {
            ThrowPastCount();
        }

        _remaining -= values;
        CloseFilled();
    }

    // Counts a container (or a nested checked value) as one value of the one around it, then opens it for its own
    // values; one that is owed none is closed at once.
    private void OpenCounted(int values)
    {
        if (values < 0)
        {
            throw new ArgumentOutOfRangeException(nameof(values), values, "A container's count must be between 0 and the largest the format holds.");
        }

        if (_remaining == 0)
        {
            ThrowPastCount();
        }

        if (_owedCount == _owed!.Length)
        {
            var larger = ArrayPool<int>.Shared.Rent(_owedCount * 2);
            _owed.AsSpan(0, _owedCount).CopyTo(larger);
            ArrayPool<int>.Shared.Return(_owed);
            _owed = larger;
        }

        _owed[_owedCount++] = _remaining - 1;
        _remaining = values;
        CloseFilled();
    }

    // Closes every container whose count is filled, innermost first, down to the checked value's own level.
    private void CloseFilled()
    {
        while (_remaining == 0 && _owedCount > _checkedStart)
        {
            _remaining = _owed![--_owedCount];
            _depth--;
        }
    }

    private static void ThrowPastCount()
        => throw new InvalidOperationException("A value was written past the end: the value was already whole, every container's header count filled.");
}
