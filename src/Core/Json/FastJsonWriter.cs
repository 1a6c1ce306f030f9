using System.Buffers;
using System.Buffers.Text;
using System.Globalization;
using System.Numerics;
using System.Runtime.CompilerServices;
using System.Text;
using System.Text.Unicode;
using FastFormatters.Buffers;

namespace FastFormatters.Json;

/// <summary>
/// Writes one compact UTF-8 JSON value into an <see cref="IBufferWriter{T}"/>, keeping the current span so most writes
/// are a bounds check and a copy. The writer places the commas and checks the structure: a property name only in an
/// object and before its value, a value in an object only after its name, containers closed in order and at most one
/// value at the top. Anything else throws <see cref="InvalidOperationException"/> instead of writing invalid JSON.
/// </summary>
/// <remarks>
/// JMC1 is this writer with length comments: every JMC1 branch here is one call into <c>Jmc/FastJsonWriter.Jmc1.cs</c>,
/// the one place that knows where comments go and what they count. Without its comments, JMC1 is byte for byte this
/// writer's JSON.
/// </remarks>
public ref partial struct FastJsonWriter
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

    // What may come next (and whether a comma goes before it), and what follows a value in the current container.
    private Next _next;
    private Next _afterValue;

    // Whether each open container is an object (bit set) or an array, innermost in bit 0; past 64 levels the outer bits
    // move to _deepKinds.
    private ulong _kinds;
    private Stack<ulong>? _deepKinds;

    // The depth at which a value written for an app's converter ends the writer's business (-1: none), see WriteExactlyOne.
    private int _singleValueDepth;

    internal FastJsonWriter(IBufferWriter<byte> output, int maxDepth, bool jmc = false)
    {
        _cursor = new BufferCursor(output);
        _maxDepth = maxDepth;
        _jmc = jmc;
        _depth = 0;
        _next = Next.Value;
        _afterValue = Next.Nothing;
        _singleValueDepth = -1;
    }

    private enum Next : byte
    {
        Value,
        ValueAfterComma,
        Name,
        NameAfterComma,
        Nothing,
    }

    /// <summary>Hands everything written to the underlying buffer writer; fails unless exactly one whole value was written.</summary>
    internal void Flush()
    {
        if (_next != Next.Nothing)
        {
            ThrowIncomplete(_depth);
        }

        _cursor.Flush();
    }

    /// <summary>Whether this writes JMC1 (with length comments) rather than plain JSON.</summary>
    internal readonly bool IsJmc => _jmc;

    /// <summary>
    /// Flushes and returns the output, for another serializer to write one value into; <see cref="EndExternalValue"/>
    /// then resumes writing here after it.
    /// </summary>
    internal IBufferWriter<byte> BeginExternalValue()
    {
        BeginValue();
        _cursor.Flush();
        return _cursor.Output;
    }

    /// <summary>Records the value another serializer wrote into <see cref="BeginExternalValue"/>'s output.</summary>
    internal void EndExternalValue() => EndValue();

    /// <summary>
    /// Has <paramref name="converter"/> (an app's) write <paramref name="value"/> here, and fails unless it wrote exactly
    /// one whole value: a converter that writes two, none, or leaves a container open is named in the error.
    /// </summary>
    internal void WriteExactlyOne<T>(Converters.JsonValueConverter<T> converter, T value)
    {
        var (afterValue, singleValueDepth, depth) = (_afterValue, _singleValueDepth, _depth);
        _afterValue = Next.Nothing;
        _singleValueDepth = depth;
        try
        {
            converter.Write(ref this, value);
        }
        catch (Exception ex) when (ex is InvalidOperationException or ArgumentOutOfRangeException)
        {
            throw new InvalidOperationException($"{converter.GetType()} wrote invalid JSON for a {typeof(T)}: {ex.Message}", ex);
        }

        if (_next != Next.Nothing || _depth != depth)
        {
            throw new InvalidOperationException($"{converter.GetType()} did not write exactly one JSON value for a {typeof(T)}: it left {_depth - depth} container(s) open or wrote nothing.");
        }

        _afterValue = afterValue;
        _singleValueDepth = singleValueDepth;
        _next = afterValue;
    }

    /// <summary>Starts an object: property names and their values follow, then <see cref="WriteEndObject"/>.</summary>
    public void WriteBeginObject()
    {
        BeginValue();
        Enter(isObject: true);
        _cursor.WriteByte((byte)'{');
    }

    /// <summary>Starts an object of <paramref name="count"/> entries that JMC1 counts (a dictionary's; -1 when not known).</summary>
    internal void WriteBeginDictionary(int count)
    {
        BeginValue();
        Enter(isObject: true);
        WriteLengthComment(count);
        _cursor.WriteByte((byte)'{');
    }

    /// <summary>Ends the object started last, after a value (or none at all).</summary>
    public void WriteEndObject()
    {
        if (_afterValue != Next.NameAfterComma || _next is not (Next.Name or Next.NameAfterComma))
        {
            ThrowMisplaced("the end of an object");
        }

        _cursor.WriteByte((byte)'}');
        Exit();
    }

    /// <summary>Starts an array: its elements follow, then <see cref="WriteEndArray"/>.</summary>
    public void WriteBeginArray() => WriteBeginArray(-1);

    /// <summary>Starts an array of <paramref name="count"/> elements that JMC1 counts (-1 when not known).</summary>
    internal void WriteBeginArray(int count)
    {
        BeginValue();
        Enter(isObject: false);
        WriteLengthComment(count);
        _cursor.WriteByte((byte)'[');
    }

    /// <summary>Ends the array started last.</summary>
    public void WriteEndArray()
    {
        if (_afterValue != Next.ValueAfterComma)
        {
            ThrowMisplaced("the end of an array");
        }

        _cursor.WriteByte((byte)']');
        Exit();
    }

    /// <summary>Writes a pre-encoded <c>"name":</c>, after a comma when a member came before it.</summary>
    internal void WritePropertyName(JsonMemberName name)
    {
        bool afterComma = BeginName();
        _cursor.Write(_jmc ? name.JmcForm(afterComma) : afterComma ? name.JsonAfterSeparator : name.Json);
    }

    /// <summary>Writes a property name as <c>"name":</c>, escaping as needed; its value comes next.</summary>
    public void WritePropertyName(scoped ReadOnlySpan<char> name)
    {
        if (BeginName())
        {
            _cursor.WriteByte((byte)',');
        }

        WriteStringCore(name);
        _cursor.WriteByte((byte)':');
    }

    /// <summary>Writes a key that is known to need no escaping, such as a formatted number, as <c>"key":</c>.</summary>
    internal void WriteAsciiPropertyName(scoped ReadOnlySpan<byte> asciiName)
    {
        if (BeginName())
        {
            _cursor.WriteByte((byte)',');
        }

        WriteAsciiStringCore(asciiName);
        _cursor.WriteByte((byte)':');
    }

    /// <summary>Writes <c>null</c>.</summary>
    public void WriteNull()
    {
        BeginValue();
        _cursor.Write("null"u8);
        EndValue();
    }

    /// <summary>Writes <c>true</c> or <c>false</c>.</summary>
    public void WriteBoolean(bool value)
    {
        BeginValue();
        _cursor.Write(value ? "true"u8 : "false"u8);
        EndValue();
    }

    // One overload per BCL number type that is a JSON number: with Half and UInt128 among them, a small integer needs its
    // own overload, or a call with one would be ambiguous (both convert from it implicitly, and neither is better).

    /// <summary>Writes an integer as a JSON number.</summary>
    public void WriteNumber(int value) => WriteNumberCore(value);

    /// <inheritdoc cref="WriteNumber(int)"/>
    public void WriteNumber(sbyte value) => WriteNumberCore(value);

    /// <inheritdoc cref="WriteNumber(int)"/>
    public void WriteNumber(byte value) => WriteNumberCore(value);

    /// <inheritdoc cref="WriteNumber(int)"/>
    public void WriteNumber(short value) => WriteNumberCore(value);

    /// <inheritdoc cref="WriteNumber(int)"/>
    public void WriteNumber(ushort value) => WriteNumberCore(value);

    /// <inheritdoc cref="WriteNumber(int)"/>
    public void WriteNumber(long value) => WriteNumberCore(value);

    /// <inheritdoc cref="WriteNumber(int)"/>
    public void WriteNumber(uint value) => WriteNumberCore(value);

    /// <inheritdoc cref="WriteNumber(int)"/>
    public void WriteNumber(ulong value) => WriteNumberCore(value);

    /// <inheritdoc cref="WriteNumber(int)"/>
    public void WriteNumber(Int128 value) => WriteNumberCore(value);

    /// <inheritdoc cref="WriteNumber(int)"/>
    public void WriteNumber(UInt128 value) => WriteNumberCore(value);

    /// <summary>Writes a decimal as a JSON number, with its scale (<c>1.50m</c> is <c>1.50</c>).</summary>
    public void WriteNumber(decimal value) => WriteNumberCore(value);

    /// <summary>
    /// Writes a floating-point value as a JSON number in its invariant, shortest round-trip form. JSON has no infinities
    /// or NaN: a value that is not finite throws (write it as a string, as System.Text.Json's named literals do, if a
    /// contract allows it).
    /// </summary>
    /// <exception cref="ArgumentOutOfRangeException">The value is NaN or an infinity.</exception>
    public void WriteNumber(double value) => WriteNumberCore(value);

    /// <inheritdoc cref="WriteNumber(double)"/>
    public void WriteNumber(float value) => WriteNumberCore(value);

    /// <inheritdoc cref="WriteNumber(double)"/>
    public void WriteNumber(Half value) => WriteNumberCore(value);

    /// <summary>
    /// Writes a number of one of the types the public overloads take (their generic form, for the built-in converters):
    /// only those format as a JSON number; <see cref="char"/> or <c>Complex</c>, which are number types too, would not.
    /// </summary>
    internal void WriteNumberCore<T>(T value)
        where T : INumberBase<T>
    {
        if (!T.IsFinite(value))
        {
            ThrowNotFinite(value);
        }

        BeginValue();
        if (!value.TryFormat(_cursor.GetSpan(MaxFormattedLength), out int written, default, CultureInfo.InvariantCulture))
        {
            ThrowFormatFailed(typeof(T));
        }

        _cursor.Advance(written);
        EndValue();
    }

    /// <summary>Writes bytes known to need no escaping as a JSON string.</summary>
    internal void WriteAsciiString(scoped ReadOnlySpan<byte> ascii)
    {
        BeginValue();
        WriteAsciiStringCore(ascii);
        EndValue();
    }

    private void WriteAsciiStringCore(scoped ReadOnlySpan<byte> ascii)
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
        BeginValue();
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
        EndValue();
    }

    /// <summary>Writes a string already encoded as JSON, quotes included (an enum name encoded once).</summary>
    internal void WriteEncodedString(scoped ReadOnlySpan<byte> quoted)
    {
        BeginValue();
        WriteLengthComment(quoted.Length - 2);
        _cursor.Write(quoted);
        EndValue();
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
        BeginValue();
        WriteStringCore(value);
        EndValue();
    }

    private void WriteStringCore(scoped ReadOnlySpan<char> value)
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
        BeginValue();
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
        EndValue();
    }

    /// <summary>Copies one value that is already JSON.</summary>
    internal void WriteRawValue(scoped ReadOnlySpan<byte> json)
    {
        BeginValue();
        _cursor.Write(json);
        EndValue();
    }

    private void WriteEscaped(char c) => _cursor.Advance(JsonEscaping.WriteEscape(c, _cursor.GetSpan(JsonEscaping.MaxEscapedBytesPerChar)));

    // Before a value: the comma it needs, or an error where no value may stand.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private void BeginValue()
    {
        if (_next != Next.Value)
        {
            BeginValueAfterComma();
        }
    }

    private void BeginValueAfterComma()
    {
        if (_next != Next.ValueAfterComma)
        {
            ThrowMisplaced("a value");
        }

        _cursor.WriteByte((byte)',');
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private void EndValue() => _next = _afterValue;

    // Before a property name: whether a comma goes first; an error outside an object or right after another name.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private bool BeginName()
    {
        var next = _next;
        if (next is not (Next.Name or Next.NameAfterComma))
        {
            ThrowMisplaced("a property name");
        }

        _next = Next.Value;
        return next == Next.NameAfterComma;
    }

    private void Enter(bool isObject)
    {
        if (++_depth > _maxDepth)
        {
            ThrowTooDeep(_maxDepth);
        }

        if (_depth > 64)
        {
            PushDeepKind();
        }

        _kinds = (_kinds << 1) | (isObject ? 1UL : 0UL);
        _afterValue = isObject ? Next.NameAfterComma : Next.ValueAfterComma;
        _next = isObject ? Next.Name : Next.Value;
    }

    private void Exit()
    {
        _kinds >>= 1;
        if (_depth > 64)
        {
            PopDeepKind();
        }

        _depth--;

        _afterValue = _depth == 0 || _depth == _singleValueDepth ? Next.Nothing
            : (_kinds & 1) != 0 ? Next.NameAfterComma : Next.ValueAfterComma;
        _next = _afterValue;
    }

    // Past 64 open containers, the outermost kind bit is kept aside until its level is open again.
    private void PushDeepKind() => (_deepKinds ??= new()).Push(_kinds >> 63);

    private void PopDeepKind() => _kinds |= _deepKinds!.Pop() << 63;

    private static void ThrowTooDeep(int maxDepth)
        => throw new InvalidOperationException(
            $"The object graph is deeper than the maximum depth of {maxDepth}; it may contain a cycle.");

    private static void ThrowFormatFailed(Type type)
        => throw new InvalidOperationException($"A value of type {type} could not be formatted.");

    private static void ThrowNotFinite<T>(T value)
        => throw new ArgumentOutOfRangeException(nameof(value), value, "JSON numbers are finite; write a non-finite value as a string.");

    private readonly void ThrowMisplaced(string what)
        => throw new InvalidOperationException(_next switch
        {
            Next.Name or Next.NameAfterComma => $"Cannot write {what} here: an object's member starts with its property name.",
            Next.Nothing => $"Cannot write {what} here: the value is complete.",
            Next.Value when _afterValue == Next.NameAfterComma => $"Cannot write {what} here: a property name was written and its value is due.",
            _ => $"Cannot write {what} here: the open container is an array.",
        });

    private static void ThrowIncomplete(int depth)
        => throw new InvalidOperationException(depth > 0
            ? $"The JSON value is incomplete: {depth} container(s) are still open."
            : "No JSON value was written.");
}
