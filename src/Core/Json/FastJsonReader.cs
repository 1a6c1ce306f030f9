using System.Buffers;
using System.Runtime.CompilerServices;
using System.Text;
using System.Text.Unicode;
using FastFormatters.Buffers;
using FastFormatters.Serialization.Values;

namespace FastFormatters.Json;

/// <summary>
/// A strict RFC 8259 reader over a whole body in one span. Every string is checked for valid UTF-8, control characters
/// and well-formed escapes (no lone surrogates), every number against the JSON grammar, and nesting against the depth
/// limit as each bracket opens, so recursion in the converters above it is bounded. All failures are
/// <see cref="FormatReadException"/>. A UTF-8 byte order mark at the start is skipped. Dispose returns the scratch buffer.
/// </summary>
/// <remarks>
/// JMC1 is this reader with length comments: what a comment is, where one may stand and how its claim is checked live
/// in <c>Jmc/FastJsonReader.Jmc1.cs</c>. Here a string's declared length (-1 in JSON) only bounds the scan for its closing
/// quote, and a container's claimed count is handed to the caller.
/// </remarks>
public ref partial struct FastJsonReader
{
    private readonly ReadOnlySpan<byte> _input;
    private readonly int _maxDepth;
    private readonly bool _jmc;
    private readonly bool _rejectDuplicateKeys;
    private readonly string _formatName;
    private int _position;

    // Where the token read last starts, past whitespace: what an error about the value read last points at.
    private int _valueStart;
    private int _depth;

    // A bit per open container (bit d - 1 for depth d): set until its first element or member is announced, so the
    // next one must follow a comma. Inline, for every depth up to the limit: a read allocates nothing.
    private DepthBits _awaitingFirst;
    private byte[]? _scratch;
    private Buffers.Presizing _presizing;

    internal FastJsonReader(ReadOnlySpan<byte> input, int maxDepth, bool jmc = false, bool rejectDuplicateKeys = false)
    {
        _presizing = new Buffers.Presizing(input.Length);
        _input = input;
        _maxDepth = Math.Min(maxDepth, FastSerializerOptions.MaxDepthLimit);
        _jmc = jmc;
        _rejectDuplicateKeys = rejectDuplicateKeys;
        _formatName = jmc ? Jmc1FormatName : JsonFormat.Name;
        _depth = 0;
        _scratch = null;
        _position = 0;
        if (jmc)
        {
            SkipJmc1Header();
        }
        else if (input is [0xEF, 0xBB, 0xBF, ..])
        {
            _position = 3;
        }
    }

    /// <summary>The offset of the next unread byte.</summary>
    public readonly int Position => _position;

    /// <summary>Whether a key repeated within one object is an error rather than overriding the earlier value.</summary>
    internal readonly bool RejectsDuplicateKeys => _rejectDuplicateKeys;

    /// <summary>Whether this reads JMC1 (values may carry length comments) rather than plain JSON.</summary>
    internal readonly bool IsJmc => _jmc;

    /// <summary>The short name of the format read, for errors: <c>json</c> or <c>jsonc</c>.</summary>
    public readonly string FormatName => _formatName;

    internal void Dispose()
    {
        if (_scratch is not null)
        {
            ArrayPool<byte>.Shared.Return(_scratch);
            _scratch = null;
        }
    }

    /// <summary>The kind of the next token, after skipping whitespace (and, in JMC1, the length comment before it).</summary>
    public JsonTokenKind Peek()
    {
        SkipWhitespace();
        int at = _jmc ? AfterLengthComment(_position) : _position;

        if (at >= _input.Length)
        {
            return JsonTokenKind.EndOfInput;
        }

        return _input[at] switch
        {
            (byte)'{' => JsonTokenKind.BeginObject,
            (byte)'}' => JsonTokenKind.EndObject,
            (byte)'[' => JsonTokenKind.BeginArray,
            (byte)']' => JsonTokenKind.EndArray,
            (byte)'"' => JsonTokenKind.String,
            (byte)'t' => JsonTokenKind.True,
            (byte)'f' => JsonTokenKind.False,
            (byte)'n' => JsonTokenKind.Null,
            (byte)',' => JsonTokenKind.ValueSeparator,
            (byte)':' => JsonTokenKind.NameSeparator,
            (byte)'-' or (>= (byte)'0' and <= (byte)'9') => JsonTokenKind.Number,
            _ => JsonTokenKind.Invalid,
        };
    }

    /// <summary>Fails unless only whitespace is left.</summary>
    internal void EnsureEndOfInput()
    {
        SkipWhitespace();
        if (_position != _input.Length)
        {
            throw ErrorHere("Unexpected data after the end of the JSON value.");
        }
    }

    /// <summary>Reads <c>{</c>; its members follow (see <see cref="ReadIsInObject"/>).</summary>
    public void ReadBeginObject() => ReadBeginContainer((byte)'{', "Expected '{'.");

    /// <summary>Reads <c>[</c>; its elements follow (see <see cref="ReadIsInArray"/>).</summary>
    public void ReadBeginArray() => ReadBeginContainer((byte)'[', "Expected '['.");

    /// <summary>Reads <c>{</c>; returns the JMC1 entry count before it, or -1 when there is none.</summary>
    internal int ReadBeginCountedObject() => ReadBeginContainer((byte)'{', "Expected '{'.");

    /// <summary>Reads <c>[</c>; returns the JMC1 element count before it, or -1 when there is none.</summary>
    internal int ReadBeginCountedArray() => ReadBeginContainer((byte)'[', "Expected '['.");

    /// <summary>
    /// Whether another member follows in the object read last begun: consumes the comma before it (none before the
    /// first), or the closing brace (returning <see langword="false"/>). Read the member's name and value, then ask again.
    /// </summary>
    public bool ReadIsInObject() => ReadIsInContainer((byte)'}', "Expected ',' or '}' in an object.");

    /// <summary>As <see cref="ReadIsInObject"/>, for the elements of an array.</summary>
    public bool ReadIsInArray() => ReadIsInContainer((byte)']', "Expected ',' or ']' in an array.");

    /// <summary>Reads <c>"name":</c> and returns the name unescaped, valid until the next read of an escaped string.</summary>
    public ReadOnlySpan<byte> ReadPropertyName()
    {
        var name = ReadUncheckedPropertyName();
        EnsureUtf8(name);
        return name;
    }

    /// <summary>
    /// Reads <c>"name":</c> and returns the name unescaped but not checked to be UTF-8. For object members, which are
    /// first compared with names known to be valid; a name that matches none must then go through
    /// <see cref="EnsureUtf8"/> before any other use.
    /// </summary>
    internal ReadOnlySpan<byte> ReadUncheckedPropertyName()
    {
        var raw = ReadRawPropertyName(out bool escaped);
        return escaped ? Unescape(raw) : raw;
    }

    /// <summary>
    /// Consumes <c>"name":</c> when the input continues with exactly the bytes this format writes for
    /// <paramref name="name"/> (in JMC1, with its length comment): a member is matched without reading its name as a string.
    /// </summary>
    internal bool TryReadPropertyName(JsonMemberName name)
    {
        SkipWhitespace();
        var encoded = _jmc ? name.JmcForm(afterSeparator: false).Span : name.Json.Span;
        if (!_input[_position..].StartsWith(encoded))
        {
            return false;
        }

        _position += encoded.Length;
        return true;
    }

    /// <summary>Fails unless <paramref name="utf8"/> is valid UTF-8, as every string read is.</summary>
    internal readonly void EnsureUtf8(ReadOnlySpan<byte> utf8)
    {
        if (!Utf8.IsValid(utf8))
        {
            throw ErrorHere(StrictUtf8.InvalidMessage);
        }
    }

    /// <summary>Whether the next token is <c>null</c>; if so it is consumed. A length comment before it is left for the value's read.</summary>
    public bool TryReadNull()
    {
        if (Peek() != JsonTokenKind.Null)
        {
            return false;
        }

        RefuseComment();
        ReadLiteral("null"u8);
        return true;
    }

    /// <summary>Reads <c>true</c> or <c>false</c>.</summary>
    public bool ReadBoolean()
    {
        RefuseComment();
        switch (Peek())
        {
            case JsonTokenKind.True:
                ReadLiteral("true"u8);
                return true;
            case JsonTokenKind.False:
                ReadLiteral("false"u8);
                return false;
            default:
                throw UnexpectedToken("a boolean");
        }
    }

    /// <summary>Reads a string (or <c>null</c>) into a new <see cref="string"/>.</summary>
    public string? ReadString()
    {
        if (TryReadNull())
        {
            return null;
        }

        return ReadNonNullString();
    }

    /// <summary>Reads a string into a new <see cref="string"/>; <c>null</c> is an error.</summary>
    public string ReadNonNullString()
    {
        // Checked while decoding, in one pass: the raw string is not checked first.
        var raw = ReadRawString("a string", out bool escaped);
        var value = escaped ? Unescape(raw) : raw;
        return StrictUtf8.TryDecode(value, out string? text) ? text : throw ErrorHere(StrictUtf8.InvalidMessage);
    }

    /// <summary>
    /// Reads a string and returns its unescaped UTF-8 bytes, valid until the next read of an escaped string.
    /// </summary>
    public ReadOnlySpan<byte> ReadStringValue()
    {
        var raw = ReadRawString("a string", out bool escaped);
        EnsureUtf8(raw);
        return escaped ? Unescape(raw) : raw;
    }

    /// <summary>
    /// Reads a string and returns it as it stands in the input, quotes and escapes included, checked for UTF-8: for a
    /// parser that reads a JSON string token itself.
    /// </summary>
    internal ReadOnlySpan<byte> ReadStringToken()
    {
        var raw = ReadRawString("a string", out _);
        EnsureUtf8(raw);
        return _input[(_position - raw.Length - 2).._position];
    }

    /// <summary>Reads a number token, checked against the JSON grammar, and returns its bytes.</summary>
    public ReadOnlySpan<byte> ReadNumberSpan()
    {
        RefuseComment();
        var input = _input;
        int start = _position;
        int i = start;
        if (i < input.Length && input[i] == (byte)'-')
        {
            i++;
        }

        if (i >= input.Length || !IsDigit(input[i]))
        {
            throw i == start ? UnexpectedToken("a number") : ErrorHere("Invalid number: a digit must follow '-'.");
        }

        if (input[i] == (byte)'0')
        {
            i++;
        }
        else
        {
            while (i < input.Length && IsDigit(input[i]))
            {
                i++;
            }
        }

        if (i < input.Length && input[i] == (byte)'.')
        {
            i++;
            int fractionStart = i;
            while (i < input.Length && IsDigit(input[i]))
            {
                i++;
            }

            if (i == fractionStart)
            {
                _position = i;
                throw ErrorHere("Invalid number: a digit must follow the decimal point.");
            }
        }

        if (i < input.Length && (input[i] | 0x20) == (byte)'e')
        {
            i++;
            if (i < input.Length && (input[i] == (byte)'+' || input[i] == (byte)'-'))
            {
                i++;
            }

            int exponentStart = i;
            while (i < input.Length && IsDigit(input[i]))
            {
                i++;
            }

            if (i == exponentStart)
            {
                _position = i;
                throw ErrorHere("Invalid number: the exponent has no digits.");
            }
        }

        _position = i;
        return input[start..i];
    }

    /// <summary>
    /// Reads a number written as plain digits, <c>-?int</c>, in the same pass that finds its end; false, with nothing read,
    /// for any other number or a value outside <typeparamref name="T"/>, which <see cref="ReadNumberSpan"/> then reads and
    /// reports. Reading each number twice, once to find its end and once to parse it, was about a tenth of a server's
    /// time reading JMC1 order books.
    /// </summary>
    internal bool TryReadPlainInteger<T>(out T value)
        where T : System.Numerics.IBinaryInteger<T>, System.Numerics.IMinMaxValue<T>
    {
        var rest = InputAtNumber();
        return TakeWholeNumber(rest, NumberText.ReadPlainInteger(rest, out value));
    }

    /// <summary>
    /// Reads a number written as <c>-?int(.digits)?</c> with at most 19 digits as a decimal, in the same pass that finds
    /// its end; false, with nothing read, for any other number (an exponent, more digits), which
    /// <see cref="ReadNumberSpan"/> then reads and reports.
    /// </summary>
    internal bool TryReadPlainDecimal(out decimal value)
    {
        var rest = InputAtNumber();
        return TakeWholeNumber(rest, NumberText.ReadPlainDecimal(rest, out value));
    }

    // The input from where a number must start: past white space, with no length comment (numbers take none).
    private ReadOnlySpan<byte> InputAtNumber()
    {
        RefuseComment();
        return _input[_position..];
    }

    // Moves past the `length` bytes a plain scan read when they are a whole JSON number; reads nothing otherwise.
    private bool TakeWholeNumber(ReadOnlySpan<byte> rest, int length)
    {
        if (length == 0 || !IsWholeJsonNumber(rest, length))
        {
            return false;
        }

        _position += length;
        return true;
    }

    // Whether the first `length` bytes of `rest`, digits with an optional sign and point, are a whole number of the JSON
    // grammar: a digit first (after the sign) and last, no leading zero, and neither a fraction nor an exponent after
    // them. Anything else goes to ReadNumberSpan, so that errors are the same whichever way a number is read.
    private static bool IsWholeJsonNumber(ReadOnlySpan<byte> rest, int length)
    {
        int first = rest[0] == (byte)'-' ? 1 : 0;
        return IsDigit(rest[first])
            && !(rest[first] == (byte)'0' && first + 1 < length && IsDigit(rest[first + 1]))
            && IsDigit(rest[length - 1])
            && (length == rest.Length || (rest[length] != (byte)'.' && (rest[length] | 0x20) != (byte)'e'));
    }

    /// <summary>
    /// Reads a number as <typeparamref name="T"/> (<see cref="int"/>, <see cref="double"/>, <see cref="decimal"/>, ...),
    /// in the JSON grammar; one that <typeparamref name="T"/> cannot hold (a fraction for an integer, out of range,
    /// too large to be finite) is an error.
    /// </summary>
    /// <typeparam name="T">The number type.</typeparam>
    /// <returns>The number.</returns>
    public T ReadNumber<T>()
        where T : System.Numerics.INumberBase<T>
    {
        var number = ReadNumberSpan();
        if (!T.TryParse(number, System.Globalization.CultureInfo.InvariantCulture, out var value) || !T.IsFinite(value))
        {
            _position -= number.Length;
            throw ErrorHere($"The number {Encoding.UTF8.GetString(number)} is not a valid {typeof(T).Name}.");
        }

        return value;
    }

    /// <summary>The text of the next value (JMC1 comments included), checked as <see cref="SkipValue"/> checks it.</summary>
    public ReadOnlySpan<byte> ReadRawValue()
    {
        Peek();
        int start = _position;
        SkipValue();
        return _input[start.._position];
    }

    /// <summary>Skips one value of any kind, checking it as strictly as if it were read.</summary>
    public void SkipValue()
    {
        switch (Peek())
        {
            case JsonTokenKind.BeginObject:
            {
                int claimed = ReadBeginCountedObject();
                int count = 0;
                while (ReadIsInObject())
                {
                    count++;
                    EnsureUtf8(ReadRawPropertyName(out _));
                    SkipValue();
                }

                VerifyCount(claimed, count);
                break;
            }

            case JsonTokenKind.BeginArray:
            {
                int claimed = ReadBeginCountedArray();
                int count = 0;
                while (ReadIsInArray())
                {
                    count++;
                    SkipValue();
                }

                VerifyCount(claimed, count);
                break;
            }

            case JsonTokenKind.String:
                EnsureUtf8(ReadRawString("a string", out _));
                break;
            case JsonTokenKind.Number:
                ReadNumberSpan();
                break;
            case JsonTokenKind.True:
            case JsonTokenKind.False:
                ReadBoolean();
                break;
            case JsonTokenKind.Null:
                ReadLiteral("null"u8);
                break;
            default:
                throw UnexpectedToken("a value");
        }
    }

    /// <summary>
    /// Creates the exception for input that is valid JSON but not what the target type accepts: it points at the first
    /// byte of the value read last.
    /// </summary>
    public readonly FormatReadException Error(string message) => new(_formatName, message, _valueStart);

    // An error at the byte the reader is at (in the grammar's own checks).
    private readonly FormatReadException ErrorHere(string message) => new(_formatName, message, _position);

    /// <summary>Creates the exception for an unexpected token.</summary>
    public FormatReadException UnexpectedToken(string expected)
    {
        var kind = Peek();
        string found = kind switch
        {
            JsonTokenKind.EndOfInput => "the end of the input",
            JsonTokenKind.Invalid => $"the byte 0x{_input[_position]:X2}",
            _ => $"'{(char)_input[_position]}'",
        };
        return ErrorHere($"Expected {expected} but found {found}.");
    }

    private bool ReadIsInContainer(byte end, string message)
    {
        SkipWhitespace();
        if (_position >= _input.Length)
        {
            throw ErrorHere("Unexpected end of the input inside " + (end == (byte)'}' ? "an object." : "an array."));
        }

        byte next = _input[_position];
        if (next == end)
        {
            _position++;
            _depth--;
            return false;
        }

        uint level = (uint)(_depth - 1);
        if (level >= FastSerializerOptions.MaxDepthLimit)
        {
            throw new InvalidOperationException("No object or array is open to read the next member or element of.");
        }

        ref ulong awaiting = ref _awaitingFirst[(int)(level >> 6)];
        ulong bit = 1UL << (int)level;
        if ((awaiting & bit) != 0)
        {
            awaiting &= ~bit;
        }
        else
        {
            if (next != (byte)',')
            {
                throw ErrorHere(message);
            }

            _position++;
        }

        return true;
    }

    // Reads "name": and returns the name still escaped, its UTF-8 not yet checked.
    private ReadOnlySpan<byte> ReadRawPropertyName(out bool escaped)
    {
        var raw = ReadRawString("a property name", out escaped);
        Expect((byte)':', "Expected ':' after a property name.");
        return raw;
    }

    // Reads a string (with its JMC1 length comment, if any) and returns the bytes between the quotes, still escaped.
    // Checks control characters and escapes here; every caller then checks UTF-8 (escapes only ever add whole, valid
    // sequences, so the raw bytes are valid exactly when the unescaped ones are), skipped strings included.
    private ReadOnlySpan<byte> ReadRawString(string expected, out bool escaped)
    {
        int declared = ReadLengthComment();
        if (_position >= _input.Length || _input[_position] != (byte)'"')
        {
            throw declared >= 0 ? ErrorHere("A length comment must stand right before its value.") : UnexpectedToken(expected);
        }

        int start = ++_position;
        var input = _input;
        if (declared >= 0 && (declared >= input.Length - start || input[start + declared] != (byte)'"'))
        {
            throw ErrorHere($"The length comment says {declared} bytes, but the string does not end there.");
        }

        // With a declared length the closing quote is known: the scan below only has to check what lies before it.
        int end = declared >= 0 ? start + declared : input.Length;
        escaped = false;
        while (true)
        {
            int offset = input[_position..end].IndexOfAny(JsonEscaping.StringSpecialBytes);
            if (offset < 0)
            {
                if (declared >= 0)
                {
                    _position = end;
                    break;
                }

                _position = input.Length;
                throw ErrorHere("Unexpected end of the input inside a string.");
            }

            _position += offset;
            byte special = input[_position];
            if (special == (byte)'"')
            {
                if (declared >= 0)
                {
                    throw ErrorHere($"The length comment says {declared} bytes, but the string ends earlier.");
                }

                break;
            }

            if (special != (byte)'\\')
            {
                throw ErrorHere("Unescaped control character in a string.");
            }

            escaped = true;
            ValidateEscape();
            if (_position > end)
            {
                throw ErrorHere($"The length comment says {declared} bytes, but an escape runs past them.");
            }
        }

        var raw = input[start.._position];
        _position++;
        return raw;
    }

    // At a backslash: checks one escape sequence (a surrogate pair counts as one) and moves past it.
    private void ValidateEscape()
    {
        var input = _input;
        if (_position + 1 >= input.Length)
        {
            throw ErrorHere("Unexpected end of the input inside a string.");
        }

        switch (input[_position + 1])
        {
            case (byte)'"' or (byte)'\\' or (byte)'/' or (byte)'b' or (byte)'f' or (byte)'n' or (byte)'r' or (byte)'t':
                _position += 2;
                return;
            case (byte)'u':
                int unit = ReadHex4(_position + 2);
                _position += 6;
                if (char.IsLowSurrogate((char)unit))
                {
                    throw ErrorHere("Invalid \\u escape: a low surrogate without a high surrogate before it.");
                }

                if (char.IsHighSurrogate((char)unit))
                {
                    if (_position + 1 >= input.Length || input[_position] != (byte)'\\' || input[_position + 1] != (byte)'u'
                        || !char.IsLowSurrogate((char)ReadHex4(_position + 2)))
                    {
                        throw ErrorHere("Invalid \\u escape: a high surrogate without a low surrogate after it.");
                    }

                    _position += 6;
                }

                return;
            default:
                throw ErrorHere("Invalid escape sequence in a string.");
        }
    }

    private readonly int ReadHex4(int at)
    {
        if (at + 4 > _input.Length)
        {
            throw new FormatReadException(_formatName, "Unexpected end of the input inside a \\u escape.", _input.Length);
        }

        int value = 0;
        for (int i = 0; i < 4; i++)
        {
            int digit = HexDigit(_input[at + i]);
            if (digit < 0)
            {
                throw new FormatReadException(_formatName, "Invalid \\u escape: expected four hex digits.", at + i);
            }

            value = (value << 4) | digit;
        }

        return value;
    }

    // Unescapes a raw string whose escapes ReadRawString validated. The result is never longer than the input.
    private ReadOnlySpan<byte> Unescape(ReadOnlySpan<byte> raw)
    {
        if (_scratch is null || _scratch.Length < raw.Length)
        {
            if (_scratch is not null)
            {
                ArrayPool<byte>.Shared.Return(_scratch);
            }

            _scratch = ArrayPool<byte>.Shared.Rent(Math.Max(raw.Length, 256));
        }

        var destination = _scratch.AsSpan();
        int written = 0;
        int i = 0;
        while (i < raw.Length)
        {
            int backslash = raw[i..].IndexOf((byte)'\\');
            if (backslash < 0)
            {
                raw[i..].CopyTo(destination[written..]);
                written += raw.Length - i;
                break;
            }

            raw.Slice(i, backslash).CopyTo(destination[written..]);
            written += backslash;
            i += backslash;
            byte kind = raw[i + 1];
            if (kind == (byte)'u')
            {
                int unit = HexValue(raw.Slice(i + 2, 4));
                i += 6;
                Rune rune;
                if (char.IsHighSurrogate((char)unit))
                {
                    rune = new Rune((char)unit, (char)HexValue(raw.Slice(i + 2, 4)));
                    i += 6;
                }
                else
                {
                    rune = new Rune(unit);
                }

                written += rune.EncodeToUtf8(destination[written..]);
                continue;
            }

            destination[written++] = kind switch
            {
                (byte)'b' => (byte)'\b',
                (byte)'f' => (byte)'\f',
                (byte)'n' => (byte)'\n',
                (byte)'r' => (byte)'\r',
                (byte)'t' => (byte)'\t',
                _ => kind, // '"', '\\' and '/'
            };
            i += 2;
        }

        return destination[..written];
    }

    private int ReadBeginContainer(byte open, string message)
    {
        int count = ReadLengthComment();
        if (count >= 0 && (_position >= _input.Length || _input[_position] != open))
        {
            throw ErrorHere("A length comment must stand right before its value.");
        }

        Expect(open, message);
        if (count >= 0)
        {
            CheckClaimedCount(count);
        }

        Enter();
        return count;
    }

    private void ReadLiteral(ReadOnlySpan<byte> literal)
    {
        if (!_input[_position..].StartsWith(literal))
        {
            throw ErrorHere("Invalid literal: expected '" + Encoding.ASCII.GetString(literal) + "'.");
        }

        _position += literal.Length;
    }

    private void Expect(byte expected, string message)
    {
        SkipWhitespace();
        if (_position >= _input.Length || _input[_position] != expected)
        {
            throw ErrorHere(message);
        }

        _position++;
    }

    // Called once the bracket that opens the container is read: the errors point at that bracket.
    private void Enter()
    {
        if (++_depth > _maxDepth)
        {
            throw new FormatReadException(_formatName, $"The document is nested deeper than the maximum depth of {_maxDepth}.", _position - 1);
        }

        _awaitingFirst[(_depth - 1) >> 6] |= 1UL << (_depth - 1);

        // A second line of defence: the depth limit bounds recursion, but a deep limit on a small stack must still fail cleanly.
        if (!RuntimeHelpers.TryEnsureSufficientExecutionStack())
        {
            throw new FormatReadException(_formatName, "The document is nested too deeply to read.", _position - 1);
        }
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private void SkipWhitespace()
    {
        var input = _input;
        int i = _position;
        while (i < input.Length)
        {
            byte b = input[i];
            if (b != (byte)' ' && b != (byte)'\n' && b != (byte)'\r' && b != (byte)'\t')
            {
                break;
            }

            i++;
        }

        _position = i;
        _valueStart = i;
    }

    [InlineArray(FastSerializerOptions.MaxDepthLimit / 64)]
    private struct DepthBits
    {
        private ulong _word;
    }

    private static bool IsDigit(byte b) => (uint)(b - '0') <= 9;

    private static int HexDigit(byte b) => b switch
    {
        >= (byte)'0' and <= (byte)'9' => b - '0',
        >= (byte)'a' and <= (byte)'f' => b - 'a' + 10,
        >= (byte)'A' and <= (byte)'F' => b - 'A' + 10,
        _ => -1,
    };

    private static int HexValue(ReadOnlySpan<byte> hex)
        => (HexDigit(hex[0]) << 12) | (HexDigit(hex[1]) << 8) | (HexDigit(hex[2]) << 4) | HexDigit(hex[3]);
}
