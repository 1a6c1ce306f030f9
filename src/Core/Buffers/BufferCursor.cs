using System.Buffers;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;
using System.Text.Unicode;

namespace FastFormatters.Buffers;

/// <summary>
/// The write position in an <see cref="IBufferWriter{T}"/>: keeps the current span so most writes are a bounds check and
/// a copy, and asks the buffer writer for more only when the span runs out. Shared by the format writers.
/// </summary>
internal ref struct BufferCursor
{
    private const int ChunkChars = 4096;

    private readonly IBufferWriter<byte> _output;
    private Span<byte> _span;
    private int _position;

    public BufferCursor(IBufferWriter<byte> output)
    {
        _output = output;
        _span = default;
        _position = 0;
    }

    /// <summary>The underlying buffer writer; call <see cref="Flush"/> before writing to it directly.</summary>
    public readonly IBufferWriter<byte> Output => _output;

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

    /// <summary>Returns at least <paramref name="size"/> bytes to write into; call <see cref="Advance"/> with what was used.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public Span<byte> GetSpan(int size)
    {
        if (_span.Length - _position < size)
        {
            Grow(size);
        }

        return _span[_position..];
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Advance(int count) => _position += count;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteByte(byte value)
    {
        if (_position >= _span.Length)
        {
            Grow(1);
        }

        _span[_position++] = value;
    }

    public void Write(scoped ReadOnlySpan<byte> bytes)
    {
        bytes.CopyTo(GetSpan(bytes.Length));
        _position += bytes.Length;
    }

    /// <summary>Writes bytes encoded once: one or two 16-byte stores when they fit in 32 bytes.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Write(EncodedBytes bytes)
    {
        int length = bytes.Length;
        if (length > EncodedBytes.MaxBlockLength)
        {
            Write(bytes.Span);
            return;
        }

        // The span holds 32 bytes and the array at least as many blocks as the length needs: both stores stay inside.
        ref byte target = ref MemoryMarshal.GetReference(GetSpan(EncodedBytes.MaxBlockLength));
        ref byte source = ref bytes.Blocks;
        Vector128.LoadUnsafe(ref source).StoreUnsafe(ref target);
        if (length > EncodedBytes.BlockSize)
        {
            Vector128.LoadUnsafe(ref source, EncodedBytes.BlockSize).StoreUnsafe(ref target, EncodedBytes.BlockSize);
        }

        _position += length;
    }

    /// <summary>Transcodes UTF-16 to UTF-8 in chunks (a surrogate pair never split); lone surrogates become U+FFFD.</summary>
    public void WriteUtf16(scoped ReadOnlySpan<char> text)
    {
        while (!text.IsEmpty)
        {
            int take = Math.Min(text.Length, ChunkChars);
            if (take < text.Length && char.IsHighSurrogate(text[take - 1]))
            {
                take--;
            }

            Utf8.FromUtf16(text[..take], GetSpan(take * 3), out _, out int written, replaceInvalidSequences: true);
            _position += written;
            text = text[take..];
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
}
