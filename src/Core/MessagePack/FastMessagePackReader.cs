using System.Buffers.Binary;
using System.Numerics;
using System.Runtime.CompilerServices;
using System.Text;
using System.Text.Unicode;
using FastFormatters.Buffers;

namespace FastFormatters.MessagePack;

/// <summary>
/// A strict MessagePack reader over a whole body in one span. No length or count is trusted: a string, binary or
/// extension must fit in what is left, an array may not claim more elements than bytes remain, a map not more than
/// half, so a lying header fails before anything is allocated for it. Strings must be valid UTF-8; nesting is checked
/// against the depth limit as each container opens. All failures are <see cref="FormatReadException"/>.
/// </summary>
public ref struct FastMessagePackReader
{
    /// <summary>The format's short name, as errors carry it.</summary>
    public const string FormatName = "msgpack";

    private readonly ReadOnlySpan<byte> _input;
    private readonly int _maxDepth;
    private readonly bool _rejectDuplicateKeys;
    private int _position;

    // The offset of the first byte of the value read last: where an error about that value points.
    private int _valueStart;
    private int _depth;
    private Buffers.Presizing _presizing;

    /// <summary>
    /// A reader over a whole MessagePack payload, outside a converter: to inspect or compare payloads. Every map and
    /// array header read counts one level toward <paramref name="maxDepth"/> (the reader cannot know where a container
    /// its caller walks ends); <see cref="Skip"/> and <see cref="ReadRawValue"/> count a container's levels only while
    /// inside it.
    /// </summary>
    /// <param name="input">The payload.</param>
    /// <param name="maxDepth">The deepest nesting allowed (0: no map or array); deeper input is a <see cref="FormatReadException"/>.</param>
    public FastMessagePackReader(ReadOnlySpan<byte> input, int maxDepth)
        : this(input, maxDepth, rejectDuplicateKeys: false)
    {
    }

    internal FastMessagePackReader(ReadOnlySpan<byte> input, int maxDepth, bool rejectDuplicateKeys)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(maxDepth);
        _presizing = new Buffers.Presizing(input.Length);
        _input = input;
        _maxDepth = maxDepth;
        _rejectDuplicateKeys = rejectDuplicateKeys;
        _position = 0;
        _depth = 0;
    }

    /// <summary>The offset of the next unread byte.</summary>
    public readonly int Position => _position;

    /// <summary>Whether a key repeated within one map is an error rather than overriding the earlier value.</summary>
    internal readonly bool RejectsDuplicateKeys => _rejectDuplicateKeys;

    /// <summary>The kind of the next value, without reading it.</summary>
    public readonly MessagePackValueKind PeekKind()
    {
        if (_position >= _input.Length)
        {
            return MessagePackValueKind.EndOfInput;
        }

        byte code = _input[_position];
        return code switch
        {
            <= MessagePackCode.MaxFixInt or >= MessagePackCode.MinNegativeFixInt => MessagePackValueKind.Integer,
            <= MessagePackCode.MaxFixMap => MessagePackValueKind.Map,
            <= MessagePackCode.MaxFixArray => MessagePackValueKind.Array,
            <= MessagePackCode.MaxFixStr => MessagePackValueKind.String,
            MessagePackCode.Nil => MessagePackValueKind.Nil,
            MessagePackCode.False or MessagePackCode.True => MessagePackValueKind.Boolean,
            MessagePackCode.Bin8 or MessagePackCode.Bin16 or MessagePackCode.Bin32 => MessagePackValueKind.Binary,
            MessagePackCode.Ext8 or MessagePackCode.Ext16 or MessagePackCode.Ext32 => MessagePackValueKind.Extension,
            >= MessagePackCode.FixExt1 and <= MessagePackCode.FixExt16 => MessagePackValueKind.Extension,
            MessagePackCode.Float32 or MessagePackCode.Float64 => MessagePackValueKind.Float,
            >= MessagePackCode.UInt8 and <= MessagePackCode.Int64 => MessagePackValueKind.Integer,
            MessagePackCode.Str8 or MessagePackCode.Str16 or MessagePackCode.Str32 => MessagePackValueKind.String,
            MessagePackCode.Array16 or MessagePackCode.Array32 => MessagePackValueKind.Array,
            MessagePackCode.Map16 or MessagePackCode.Map32 => MessagePackValueKind.Map,
            _ => MessagePackValueKind.Invalid,
        };
    }

    internal void EnsureEndOfInput()
    {
        if (_position != _input.Length)
        {
            throw ErrorAt(_position, $"{_input.Length - _position} unexpected bytes after the end of the MessagePack value.");
        }
    }

    /// <summary>Whether the next value is nil; if so it is consumed.</summary>
    public bool TryReadNil()
    {
        if (_position < _input.Length && _input[_position] == MessagePackCode.Nil)
        {
            _valueStart = _position++;
            return true;
        }

        return false;
    }

    /// <summary>Reads true or false.</summary>
    public bool ReadBoolean()
    {
        byte code = ReadCode("a boolean");
        return code switch
        {
            MessagePackCode.True => true,
            MessagePackCode.False => false,
            _ => throw Unexpected(code, "a boolean"),
        };
    }

    /// <summary>Reads any integer encoding, as a 128-bit value so both int64 and uint64 fit.</summary>
    public Int128 ReadInteger()
    {
        byte code = ReadCode("an integer");
        switch (code)
        {
            case <= MessagePackCode.MaxFixInt:
                return code;
            case >= MessagePackCode.MinNegativeFixInt:
                return unchecked((sbyte)code);
            case MessagePackCode.UInt8:
                return Take(1)[0];
            case MessagePackCode.UInt16:
                return BinaryPrimitives.ReadUInt16BigEndian(Take(2));
            case MessagePackCode.UInt32:
                return BinaryPrimitives.ReadUInt32BigEndian(Take(4));
            case MessagePackCode.UInt64:
                return BinaryPrimitives.ReadUInt64BigEndian(Take(8));
            case MessagePackCode.Int8:
                return unchecked((sbyte)Take(1)[0]);
            case MessagePackCode.Int16:
                return BinaryPrimitives.ReadInt16BigEndian(Take(2));
            case MessagePackCode.Int32:
                return BinaryPrimitives.ReadInt32BigEndian(Take(4));
            case MessagePackCode.Int64:
                return BinaryPrimitives.ReadInt64BigEndian(Take(8));
            default:
                throw Unexpected(code, "an integer");
        }
    }

    /// <summary>Reads an integer that <typeparamref name="T"/> holds (<see cref="int"/>, <see cref="ulong"/>, ...); one it cannot hold is an error.</summary>
    /// <typeparam name="T">The integer type.</typeparam>
    /// <returns>The integer.</returns>
    public T ReadInteger<T>()
        where T : IBinaryInteger<T>, IMinMaxValue<T>
    {
        int start = _position;
        var integer = ReadInteger();
        if (integer < Int128.CreateSaturating(T.MinValue) || integer > Int128.CreateSaturating(T.MaxValue))
        {
            _position = start;
            throw Error($"The integer {integer} does not fit in {typeof(T).Name}.");
        }

        return T.CreateTruncating(integer);
    }

    /// <summary>
    /// Reads an integer or a float boxed as the .NET type its encoding names, as MessagePack-CSharp reads values into
    /// <see cref="object"/>: fixints and uint8 as <see cref="byte"/>, negative fixints and int8 as <see cref="sbyte"/>,
    /// int16, int32, int64, uint16, uint32 and uint64 as themselves, float32 as <see cref="float"/>, float64 as
    /// <see cref="double"/>.
    /// </summary>
    internal object ReadNumberBoxed()
    {
        byte code = _position < _input.Length ? _input[_position] : (byte)0;
        // Each arm boxed on its own: a switch expression would convert them all to their common type, double.
        return code switch
        {
            <= MessagePackCode.MaxFixInt or MessagePackCode.UInt8 => (object)(byte)ReadInteger(),
            >= MessagePackCode.MinNegativeFixInt or MessagePackCode.Int8 => (object)(sbyte)ReadInteger(),
            MessagePackCode.Int16 => (object)(short)ReadInteger(),
            MessagePackCode.Int32 => (object)(int)ReadInteger(),
            MessagePackCode.Int64 => (object)(long)ReadInteger(),
            MessagePackCode.UInt16 => (object)(ushort)ReadInteger(),
            MessagePackCode.UInt32 => (object)(uint)ReadInteger(),
            MessagePackCode.UInt64 => (object)(ulong)ReadInteger(),
            MessagePackCode.Float32 => (object)(float)ReadDouble(),
            _ => (object)ReadDouble(),
        };
    }

    /// <summary>Reads a float32 or float64, or an integer (other writers encode whole numbers as integers).</summary>
    public double ReadDouble()
    {
        var type = PeekKind();
        if (type == MessagePackValueKind.Integer)
        {
            return (double)ReadInteger();
        }

        byte code = ReadCode("a number");
        return code switch
        {
            MessagePackCode.Float32 => BinaryPrimitives.ReadSingleBigEndian(Take(4)),
            MessagePackCode.Float64 => BinaryPrimitives.ReadDoubleBigEndian(Take(8)),
            _ => throw Unexpected(code, "a number"),
        };
    }

    /// <summary>Reads a string's UTF-8 bytes, checked to be valid UTF-8.</summary>
    public ReadOnlySpan<byte> ReadStringSpan()
    {
        var utf8 = ReadStringBytes();
        EnsureUtf8(utf8);
        return utf8;
    }

    /// <summary>
    /// Reads a str's bytes without checking that they are UTF-8. For map keys, which are first compared with names
    /// known to be valid; a key that matches none must then go through <see cref="EnsureUtf8"/> before any other use.
    /// </summary>
    internal ReadOnlySpan<byte> ReadUncheckedStringSpan() => ReadStringBytes();

    /// <summary>
    /// Consumes <paramref name="encoded"/>, one whole encoded value, when the input continues with exactly its bytes:
    /// a map key written as a member name's own encoding is matched without being decoded.
    /// </summary>
    internal bool TryReadEncoded(ReadOnlySpan<byte> encoded)
    {
        if (!_input.Slice(_position).StartsWith(encoded))
        {
            return false;
        }

        _valueStart = _position;
        _position += encoded.Length;
        return true;
    }

    /// <summary>Fails unless <paramref name="utf8"/> is valid UTF-8, as every string read is.</summary>
    internal readonly void EnsureUtf8(ReadOnlySpan<byte> utf8)
    {
        if (!Utf8.IsValid(utf8))
        {
            throw Error(StrictUtf8.InvalidMessage);
        }
    }

    /// <summary>Reads a str, or nil as <see langword="null"/>.</summary>
    public string? ReadString() => TryReadNil() ? null : ReadNonNullString();

    /// <summary>Reads a string, validating its UTF-8 in the same pass that decodes it.</summary>
    public string ReadNonNullString()
    {
        return StrictUtf8.TryDecode(ReadStringBytes(), out string? text) ? text : throw Error(StrictUtf8.InvalidMessage);
    }

    // The bytes of a string, not yet checked to be UTF-8.
    private ReadOnlySpan<byte> ReadStringBytes()
    {
        byte code = ReadCode("a string");
        int length = code switch
        {
            >= MessagePackCode.MinFixStr and <= MessagePackCode.MaxFixStr => code & 0x1f,
            MessagePackCode.Str8 => Take(1)[0],
            MessagePackCode.Str16 => BinaryPrimitives.ReadUInt16BigEndian(Take(2)),
            MessagePackCode.Str32 => ReadLength32(),
            _ => throw Unexpected(code, "a string"),
        };
        return Take(length);
    }

    /// <summary>Reads a bin and returns its bytes, valid as long as the input.</summary>
    public ReadOnlySpan<byte> ReadBinary()
    {
        byte code = ReadCode("binary data");
        int length = code switch
        {
            MessagePackCode.Bin8 => Take(1)[0],
            MessagePackCode.Bin16 => BinaryPrimitives.ReadUInt16BigEndian(Take(2)),
            MessagePackCode.Bin32 => ReadLength32(),
            _ => throw Unexpected(code, "binary data"),
        };
        return Take(length);
    }

    /// <summary>Reads an array header; the count is at most the bytes left. Pair with <see cref="EndContainer"/>.</summary>
    public int ReadArrayHeader()
    {
        byte code = ReadCode("an array");
        int count = code switch
        {
            >= MessagePackCode.MinFixArray and <= MessagePackCode.MaxFixArray => code & 0x0f,
            MessagePackCode.Array16 => BinaryPrimitives.ReadUInt16BigEndian(Take(2)),
            MessagePackCode.Array32 => ReadLength32(),
            _ => throw Unexpected(code, "an array"),
        };
        if (count > _input.Length - _position)
        {
            throw Error($"The array claims {count} elements but only {_input.Length - _position} bytes remain.");
        }

        Enter();
        return count;
    }

    /// <summary>Reads a map header; the count is at most half the bytes left. Pair with <see cref="EndContainer"/>.</summary>
    public int ReadMapHeader()
    {
        byte code = ReadCode("a map");
        int count = code switch
        {
            >= MessagePackCode.MinFixMap and <= MessagePackCode.MaxFixMap => code & 0x0f,
            MessagePackCode.Map16 => BinaryPrimitives.ReadUInt16BigEndian(Take(2)),
            MessagePackCode.Map32 => ReadLength32(),
            _ => throw Unexpected(code, "a map"),
        };
        if (count > (_input.Length - _position) / 2)
        {
            throw Error($"The map claims {count} entries but only {_input.Length - _position} bytes remain.");
        }

        Enter();
        return count;
    }

    /// <summary>The capacity to pre-size a collection with for a header's count (see <see cref="Buffers.Presizing"/>).</summary>
    internal int PresizeFor(int claimed) => _presizing.Claim(claimed);

    /// <summary>Ends an array or map for the depth count.</summary>
    internal void EndContainer() => _depth--;

    /// <summary>The containers open around the position, for the depth count.</summary>
    internal int Depth
    {
        readonly get => _depth;
        set => _depth = value;
    }

    /// <summary>Whether the next value is a well-formed extension of <paramref name="type"/>; consumes it when it is any extension.</summary>
    public bool TryReadExtensionOfType(sbyte type)
    {
        if (PeekKind() != MessagePackValueKind.Extension)
        {
            return false;
        }

        try
        {
            ReadExtension(out sbyte actual);
            return actual == type;
        }
        catch (FormatReadException)
        {
            return false;
        }
    }

    /// <summary>Reads an extension: its data, and its type code in <paramref name="type"/>.</summary>
    public ReadOnlySpan<byte> ReadExtension(out sbyte type)
    {
        byte code = ReadCode("an extension");
        int length = code switch
        {
            MessagePackCode.FixExt1 => 1,
            MessagePackCode.FixExt2 => 2,
            MessagePackCode.FixExt4 => 4,
            MessagePackCode.FixExt8 => 8,
            MessagePackCode.FixExt16 => 16,
            MessagePackCode.Ext8 => Take(1)[0],
            MessagePackCode.Ext16 => BinaryPrimitives.ReadUInt16BigEndian(Take(2)),
            MessagePackCode.Ext32 => ReadLength32(),
            _ => throw Unexpected(code, "an extension"),
        };
        type = unchecked((sbyte)Take(1)[0]);
        return Take(length);
    }

    /// <summary>The bytes of the next value, checked as <see cref="Skip"/> checks them, for another serializer to read.</summary>
    public ReadOnlySpan<byte> ReadRawValue()
    {
        int start = _position;
        Skip();
        return _input[start.._position];
    }

    /// <summary>Skips one value of any kind, checking it as strictly as if it were read.</summary>
    public void Skip()
    {
        switch (PeekKind())
        {
            case MessagePackValueKind.Nil:
                _valueStart = _position++;
                break;
            case MessagePackValueKind.Boolean:
                ReadBoolean();
                break;
            case MessagePackValueKind.Integer:
                ReadInteger();
                break;
            case MessagePackValueKind.Float:
                ReadDouble();
                break;
            case MessagePackValueKind.String:
                ReadStringSpan();
                break;
            case MessagePackValueKind.Binary:
                ReadBinary();
                break;
            case MessagePackValueKind.Extension:
                ReadExtension(out _);
                break;
            case MessagePackValueKind.Array:
                for (int i = ReadArrayHeader(); i > 0; i--)
                {
                    Skip();
                }

                EndContainer();
                break;
            case MessagePackValueKind.Map:
                for (int i = ReadMapHeader(); i > 0; i--)
                {
                    Skip();
                    Skip();
                }

                EndContainer();
                break;
            default:
                throw Unexpected(PeekByte(), "a value");
        }
    }

    /// <summary>
    /// An error about the value read last, to throw: it points at that value's first byte. The caller answers it with a 400.
    /// </summary>
    public readonly FormatReadException Error(string message) => ErrorAt(_valueStart, message);

    /// <summary>An error saying the next value is not <paramref name="expected"/>, pointing at it.</summary>
    public readonly FormatReadException Unexpected(string expected)
        => _position >= _input.Length ? EndOfInput(expected) : ErrorAt(_position, $"Expected {expected} but found the byte 0x{_input[_position]:X2}.");

    // A value whose code byte (at _valueStart) is not one of what was expected.
    private readonly FormatReadException Unexpected(int code, string expected)
        => code < 0 ? EndOfInput(expected) : Error($"Expected {expected} but found the byte 0x{code:X2}.");

    private readonly FormatReadException EndOfInput(string expected) => ErrorAt(_input.Length, $"Expected {expected} but found the end of the input.");

    private readonly FormatReadException ErrorAt(int position, string message) => new(FormatName, message, position);

    private readonly int PeekByte() => _position < _input.Length ? _input[_position] : -1;

    private byte ReadCode(string expected)
    {
        if (_position >= _input.Length)
        {
            throw EndOfInput(expected);
        }

        _valueStart = _position;
        return _input[_position++];
    }

    private int ReadLength32()
    {
        uint length = BinaryPrimitives.ReadUInt32BigEndian(Take(4));
        if (length > int.MaxValue)
        {
            throw Error($"A length of {length} bytes is larger than any body.");
        }

        return (int)length;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private ReadOnlySpan<byte> Take(int length)
    {
        if (length > _input.Length - _position)
        {
            throw ErrorAt(_input.Length, $"Unexpected end of the input: {length} bytes needed, {_input.Length - _position} left.");
        }

        var slice = _input.Slice(_position, length);
        _position += length;
        return slice;
    }

    private void Enter()
    {
        if (++_depth > _maxDepth)
        {
            throw Error($"The document is nested deeper than the maximum depth of {_maxDepth}.");
        }

        if (!RuntimeHelpers.TryEnsureSufficientExecutionStack())
        {
            throw Error("The document is nested too deeply to read.");
        }
    }
}
