using System.Runtime.CompilerServices;
using System.Text;
using FastFormatters.Jmc;

namespace FastFormatters.Json;

/// <summary>
/// JMC1's part of the JSON writer, and the only one: a length comment before every string, key, array and dictionary,
/// counting the escaped UTF-8 bytes between a string's quotes or a container's entries. A length no comment can carry
/// is written without one (see <see cref="Jmc1"/>).
/// </summary>
public ref partial struct FastJsonWriter
{
    // The room a string reserves in front of itself for its comment, filled in once its length is known.
    private const int Jmc1CommentRoom = Jmc1.CommentLength;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private void WriteLengthComment(int length)
    {
        if (_jmc && Jmc1.CanEncode(length))
        {
            Jmc1.WriteComment(_cursor.GetSpan(Jmc1.CommentLength), length);
            _cursor.Advance(Jmc1.CommentLength);
        }
    }

    // Never inlined into WriteString: in a process that writes both formats, the JIT's profile would see this path hot
    // and could inline it, growing JSON's WriteString past what its callers inline (its vectorized checks then calls).
    [MethodImpl(MethodImplOptions.NoInlining)]
    private void WriteJmc1String(scoped ReadOnlySpan<char> value)
    {
        if (TryWriteUnescapedString(value, Jmc1CommentRoom, out var span, out int written)
            || TryWriteShortEscapedString(value, Jmc1CommentRoom, out span, out written))
        {
            int start = CommentReservedString(span, written);
            _cursor.Advance(start + written + 2);
            return;
        }

        // Too long for one span: counted first, then written run by run.
        WriteLengthComment(EscapedLength(value));
        WriteEscapedRuns(value);
    }

    // A quoted string of `length` bytes stands after the comment's room at the start of `span`: writes the comment
    // there, or, when no comment can carry the length, moves the string to the start. Returns where the string begins.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static int CommentReservedString(Span<byte> span, int length)
    {
        if (Jmc1.CanEncode(length))
        {
            Jmc1.WriteComment(span, length);
            return Jmc1CommentRoom;
        }

        span.Slice(Jmc1CommentRoom, length + 2).CopyTo(span);
        return 0;
    }

    // The UTF-8 length of a string once escaped: what JMC1 counts.
    private static int EscapedLength(ReadOnlySpan<char> value)
    {
        int length = Encoding.UTF8.GetByteCount(value);
        int escapeAt;
        while ((escapeAt = value.IndexOfAny(JsonEscaping.CharsToEscape)) >= 0)
        {
            length += value[escapeAt] is '"' or '\\' or '\n' or '\r' or '\t' or '\b' or '\f' ? 1 : 5;
            value = value[(escapeAt + 1)..];
        }

        return length;
    }
}
