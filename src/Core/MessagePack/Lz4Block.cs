using System.Buffers.Binary;
using System.Runtime.CompilerServices;

namespace FastFormatters.MessagePack;

/// <summary>
/// The LZ4 block format (https://github.com/lz4/lz4/blob/dev/doc/lz4_Block_format.md): a fast greedy compressor and a
/// decoder that checks every length and offset against its input and output, so a hostile block cannot read or write
/// out of bounds.
/// </summary>
internal static class Lz4Block
{
    private const int MinMatch = 4;
    private const int LastLiterals = 5;
    private const int MatchSearchLimit = 12;
    private const int HashBits = 12;
    private const int MaxOffset = 65535;

    /// <summary>The most bytes compressing <paramref name="length"/> bytes can take.</summary>
    public static int MaxEncodedLength(int length) => length + (length / 255) + 16;

    /// <summary>
    /// Whether <paramref name="claimed"/> decompressed bytes are allowed and possible from <paramref name="compressedBytes"/>:
    /// LZ4 expands at most about 255 times, so a larger claim is a lie, and the cap bounds an honest one.
    /// </summary>
    public static bool IsPlausibleClaim(long claimed, int compressedBytes, int maxDecompressedSize)
        => claimed <= maxDecompressedSize && claimed <= 255L * compressedBytes + 64;

    /// <summary>Compresses <paramref name="source"/>; <paramref name="destination"/> holds <see cref="MaxEncodedLength"/> bytes.</summary>
    /// <returns>The compressed length.</returns>
    public static int Encode(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        Span<int> table = stackalloc int[1 << HashBits];
        table.Clear();
        int anchor = 0;
        int output = 0;
        int position = 0;
        int searchEnd = source.Length - MatchSearchLimit;
        while (position < searchEnd)
        {
            uint sequence = BinaryPrimitives.ReadUInt32LittleEndian(source[position..]);
            int hash = (int)((sequence * 2654435761u) >> (32 - HashBits));
            int candidate = table[hash] - 1;
            table[hash] = position + 1;
            if (candidate < 0 || position - candidate > MaxOffset || BinaryPrimitives.ReadUInt32LittleEndian(source[candidate..]) != sequence)
            {
                position++;
                continue;
            }

            int matchLength = MinMatch;
            int matchEnd = source.Length - LastLiterals;
            while (position + matchLength < matchEnd && source[candidate + matchLength] == source[position + matchLength])
            {
                matchLength++;
            }

            output = WriteSequence(source[anchor..position], position - candidate, matchLength, destination, output);
            position += matchLength;
            anchor = position;
        }

        return WriteSequence(source[anchor..], 0, 0, destination, output);
    }

    /// <summary>Decompresses a block that must fill <paramref name="destination"/> exactly.</summary>
    /// <returns>Whether the block was valid and decoded to exactly <paramref name="destination"/>'s length.</returns>
    public static bool TryDecode(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        int input = 0;
        int output = 0;
        while (input < source.Length)
        {
            byte token = source[input++];
            int literals = token >> 4;
            if (literals == 15 && !TryReadExtraLength(source, ref input, ref literals))
            {
                return false;
            }

            if (literals > source.Length - input || literals > destination.Length - output)
            {
                return false;
            }

            source.Slice(input, literals).CopyTo(destination[output..]);
            input += literals;
            output += literals;
            if (input == source.Length)
            {
                break; // the last sequence has literals only
            }

            if (source.Length - input < 2)
            {
                return false;
            }

            int offset = BinaryPrimitives.ReadUInt16LittleEndian(source[input..]);
            input += 2;
            int matchLength = token & 0x0F;
            if (matchLength == 15 && !TryReadExtraLength(source, ref input, ref matchLength))
            {
                return false;
            }

            matchLength += MinMatch;
            if (offset == 0 || offset > output || matchLength > destination.Length - output)
            {
                return false;
            }

            CopyMatch(destination, output, offset, matchLength);
            output += matchLength;
        }

        return output == destination.Length;
    }

    private static int WriteSequence(ReadOnlySpan<byte> literals, int offset, int matchLength, Span<byte> destination, int output)
    {
        int token = output++;
        int literalLength = literals.Length;
        destination[token] = (byte)(Math.Min(literalLength, 15) << 4);
        if (literalLength >= 15)
        {
            output = WriteExtraLength(literalLength - 15, destination, output);
        }

        literals.CopyTo(destination[output..]);
        output += literalLength;
        if (matchLength == 0)
        {
            return output;
        }

        BinaryPrimitives.WriteUInt16LittleEndian(destination[output..], (ushort)offset);
        output += 2;
        int extra = matchLength - MinMatch;
        destination[token] |= (byte)Math.Min(extra, 15);
        return extra >= 15 ? WriteExtraLength(extra - 15, destination, output) : output;
    }

    private static int WriteExtraLength(int length, Span<byte> destination, int output)
    {
        while (length >= 255)
        {
            destination[output++] = 255;
            length -= 255;
        }

        destination[output++] = (byte)length;
        return output;
    }

    private static bool TryReadExtraLength(ReadOnlySpan<byte> source, ref int input, ref int length)
    {
        byte next;
        do
        {
            if (input >= source.Length || length > int.MaxValue - 255)
            {
                return false;
            }

            next = source[input++];
            length += next;
        }
        while (next == 255);
        return true;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void CopyMatch(Span<byte> destination, int output, int offset, int length)
    {
        if (offset >= length)
        {
            destination.Slice(output - offset, length).CopyTo(destination[output..]);
            return;
        }

        // Overlapping: the match repeats bytes it is itself producing.
        for (int i = 0; i < length; i++)
        {
            destination[output + i] = destination[output - offset + i];
        }
    }
}
