using System.Runtime.InteropServices;

namespace FastFormatters.Buffers;

/// <summary>
/// Bytes encoded once and written on every use: a member's name with its quotes and colon, a MessagePack key. Most are
/// under 32 bytes, and copying a span of unknown length is a call that branches on the length; these are held in an
/// array padded to 16 or 32 bytes, so <see cref="BufferCursor.Write(EncodedBytes)"/> stores one or two whole 16-byte
/// blocks and moves the cursor by <see cref="Length"/>.
/// </summary>
internal readonly struct EncodedBytes
{
    /// <summary>The block a short value is padded to.</summary>
    internal const int BlockSize = 16;

    /// <summary>The longest value written as blocks; longer ones are copied as a span.</summary>
    internal const int MaxBlockLength = 2 * BlockSize;

    private readonly byte[] _padded;

    public EncodedBytes(ReadOnlySpan<byte> bytes)
    {
        Length = bytes.Length;
        _padded = new byte[bytes.Length switch
        {
            <= BlockSize => BlockSize,
            <= MaxBlockLength => MaxBlockLength,
            _ => bytes.Length,
        }];
        bytes.CopyTo(_padded);
    }

    /// <summary>The number of bytes the value has, without its padding.</summary>
    public int Length { get; }

    /// <summary>The value.</summary>
    public ReadOnlySpan<byte> Span => new(_padded, 0, Length);

    /// <summary>The first byte of the padded array: <see cref="BlockSize"/> bytes, or <see cref="MaxBlockLength"/> when <see cref="Length"/> is over it.</summary>
    internal ref byte Blocks => ref MemoryMarshal.GetArrayDataReference(_padded);
}
