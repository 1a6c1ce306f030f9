using System.Buffers.Binary;

namespace FastFormatters.Jmc;

/// <summary>
/// The JMC1 length comment: <c>/*</c>, a little-endian uint16 of the length plus 0x0130, <c>*/</c>. The high byte is
/// then 0x01 to 0x7E, so the largest length a comment can carry is 0x7EFF - 0x0130. One length, 11,770 (0x2F2A - 0x0130),
/// encodes as the bytes <c>*/</c> and would close the comment early for a JSONC parser: like lengths past the maximum,
/// it is written without a comment (our extension; still valid JSONC, and readers accept values without comments).
/// </summary>
internal static class Jmc1
{
    public const int CommentLength = 6;
    public const int MaxLength = 0x7EFF - Offset;
    private const int Offset = 0x0130;
    private const int LengthEncodedAsCommentCloser = 0x2F2A - Offset;

    /// <summary>Whether a length can be written in a comment.</summary>
    public static bool CanEncode(int length) => length is >= 0 and <= MaxLength && length != LengthEncodedAsCommentCloser;

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

    /// <summary>
    /// <paramref name="encoded"/> with the comment for <paramref name="length"/> in front, or itself when no comment can
    /// carry that length.
    /// </summary>
    public static byte[] WithComment(byte[] encoded, int length)
    {
        if (!CanEncode(length))
        {
            return encoded;
        }

        byte[] commented = new byte[CommentLength + encoded.Length];
        WriteComment(commented, length);
        encoded.CopyTo(commented.AsSpan(CommentLength));
        return commented;
    }

    /// <summary>Whether <paramref name="source"/> starts with a comment opener.</summary>
    public static bool StartsWithComment(ReadOnlySpan<byte> source) => source.Length >= 2 && source[0] == (byte)'/' && source[1] == (byte)'*';

    /// <summary>Reads a length comment; false when the six bytes are not one (wrong closer, a length out of range, or 11,770).</summary>
    public static bool TryReadComment(ReadOnlySpan<byte> source, out int length)
    {
        length = 0;
        if (source.Length < CommentLength || source[4] != (byte)'*' || source[5] != (byte)'/')
        {
            return false;
        }

        int encoded = BinaryPrimitives.ReadUInt16LittleEndian(source[2..]);
        length = encoded - Offset;

        // 11,770's comment is /**/*/, which no JSONC parser reads as one comment: not valid JMC1.
        return CanEncode(length);
    }
}
