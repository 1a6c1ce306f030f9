using System.Buffers.Binary;

namespace FastFormatters.Jmc;

/// <summary>
/// The JMC1 length comment: <c>/*</c>, a little-endian uint16 of the length plus 0x0130, <c>*/</c>. The offset keeps
/// the two bytes from forming <c>*/</c> or <c>/*</c>, so the largest length a comment can carry is 0x7EFF - 0x0130.
/// Longer strings and arrays are written without one (our extension; still valid JSONC).
/// </summary>
internal static class Jmc1
{
    public const int CommentLength = 6;
    public const int MaxLength = 0x7EFF - Offset;
    private const int Offset = 0x0130;

    /// <summary>The 8 bytes every JMC1 document starts with.</summary>
    public static ReadOnlySpan<byte> Header => "/*JMC1*/"u8;

    /// <summary>Writes the comment for <paramref name="length"/> (0 to <see cref="MaxLength"/>) into the first six bytes.</summary>
    public static void WriteComment(Span<byte> destination, int length)
    {
        destination[0] = (byte)'/';
        destination[1] = (byte)'*';
        BinaryPrimitives.WriteUInt16LittleEndian(destination[2..], (ushort)(length + Offset));
        destination[4] = (byte)'*';
        destination[5] = (byte)'/';
    }

    /// <summary>Whether <paramref name="source"/> starts with a comment opener.</summary>
    public static bool StartsWithComment(ReadOnlySpan<byte> source) => source.Length >= 2 && source[0] == (byte)'/' && source[1] == (byte)'*';

    /// <summary>Reads a length comment; false when the six bytes are not one (wrong closer, or a length out of range).</summary>
    public static bool TryReadComment(ReadOnlySpan<byte> source, out int length)
    {
        length = 0;
        if (source.Length < CommentLength || source[4] != (byte)'*' || source[5] != (byte)'/')
        {
            return false;
        }

        int encoded = BinaryPrimitives.ReadUInt16LittleEndian(source[2..]);
        length = encoded - Offset;
        return length is >= 0 and <= MaxLength;
    }
}
