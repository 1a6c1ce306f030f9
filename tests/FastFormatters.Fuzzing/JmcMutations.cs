using System.Text;

namespace FastFormatters.Fuzzing;

/// <summary>
/// Mutations of JMC1's length comments (<c>/*</c>, little-endian length + 0x0130, <c>*/</c>) and header: lengths one off,
/// at and past the limits, at the count the remaining bytes can just hold, the 11,770 that encodes as <c>*/</c>;
/// comments dropped, moved before values that take none, added before values that had none, with broken closers.
/// </summary>
internal sealed class JmcMutations
{
    private const int HeaderLength = 8;
    private const int Offset = 0x0130;
    private const int MaxLength = 0x7EFF - Offset;

    private static readonly byte[][] s_headers =
    [
        [], Encoding.ASCII.GetBytes("/*jmc1*/"), Encoding.ASCII.GetBytes("/*JMC2*/"), Encoding.ASCII.GetBytes("/*JMC1*"),
        Encoding.ASCII.GetBytes("/*JMC1*//*JMC1*/"), [0xef, 0xbb, 0xbf, .. "/*JMC1*/"u8], Encoding.ASCII.GetBytes(" /*JMC1*/"),
        Encoding.ASCII.GetBytes("/*JMC1*/ "), Encoding.ASCII.GetBytes("/*JMC1*//"),
    ];

    public IEnumerable<MutationOp> Ops() =>
    [
        new("jmc-tamper-length", 6, TamperLength),
        new("jmc-break-comment", 2, BreakComment),
        new("jmc-drop-comment", 2, DropComment),
        new("jmc-add-comment", 3, AddComment),
        new("jmc-header", 1, ReplaceHeader),
    ];

    /// <summary>The offsets of the length comments after the header.</summary>
    public static List<int> FindComments(List<byte> data)
    {
        var found = new List<int>();
        for (int i = HeaderLength; i + 5 < data.Count; i++)
        {
            if (data[i] == (byte)'/' && data[i + 1] == (byte)'*' && data[i + 4] == (byte)'*' && data[i + 5] == (byte)'/')
            {
                found.Add(i);
            }
        }

        return found;
    }

    private static void TamperLength(List<byte> data, FuzzRandom random)
    {
        var comments = FindComments(data);
        if (comments.Count == 0)
        {
            return;
        }

        int at = random.Pick(comments);
        int current = data[at + 2] | (data[at + 3] << 8);
        int remaining = data.Count - (at + 7);
        int encoded = random.Next(14) switch
        {
            0 => current + 1,
            1 => current - 1,
            2 => current + random.Between(-100, 100),
            3 => Offset, // 0
            4 => Offset + MaxLength, // the largest
            5 => Offset + MaxLength + 1, // one past: out of range
            6 => Offset - 1, // below range
            7 => 0x2F2A, // 11,770: the bytes */
            8 => 0x2A2F, // 10,495: the bytes /*
            9 => Offset + (remaining / 2) + 1, // the largest count the remaining bytes can hold
            10 => Offset + (remaining / 2) + 2, // one more
            11 => Offset + remaining, // a string running to the end
            12 => Offset + LengthToClosingQuote(data, at + 6),
            _ => random.Next(0x10000),
        };
        data[at + 2] = (byte)encoded;
        data[at + 3] = (byte)(encoded >> 8);
    }

    private static void BreakComment(List<byte> data, FuzzRandom random)
    {
        var comments = FindComments(data);
        if (comments.Count == 0)
        {
            return;
        }

        int at = random.Pick(comments);
        switch (random.Next(4))
        {
            case 0:
                data[at + 4 + random.Next(2)] = random.Pick("/* \0"u8.ToArray());
                break;
            case 1:
                data.RemoveAt(at + 2 + random.Next(4)); // a five-byte comment
                break;
            case 2:
                data.Insert(at + 2 + random.Next(3), (byte)'1'); // a seven-byte comment
                break;
            default:
                data.Insert(at + 6, (byte)' '); // whitespace between the comment and its value
                break;
        }
    }

    private static void DropComment(List<byte> data, FuzzRandom random)
    {
        var comments = FindComments(data);
        if (comments.Count > 0)
        {
            data.RemoveRange(random.Pick(comments), 6);
        }
    }

    // Before a string (with its true length, or a lie), a bracket, or something that takes no comment.
    private static void AddComment(List<byte> data, FuzzRandom random)
    {
        if (data.Count <= HeaderLength)
        {
            return;
        }

        int at = HeaderLength + random.Next(data.Count - HeaderLength);
        int length = data[at] == (byte)'"' && !random.OneIn(4) ? LengthToClosingQuote(data, at) : random.SmallLength(MaxLength);
        int encoded = length + Offset;
        data.InsertRange(at, [(byte)'/', (byte)'*', (byte)encoded, (byte)(encoded >> 8), (byte)'*', (byte)'/']);
    }

    private static void ReplaceHeader(List<byte> data, FuzzRandom random)
    {
        data.RemoveRange(0, Math.Min(HeaderLength, data.Count));
        data.InsertRange(0, random.Pick(s_headers));
    }

    // The bytes between the quote at 'quote' and the next unescaped one (or the end).
    private static int LengthToClosingQuote(List<byte> data, int quote)
    {
        int i = quote + 1;
        while (i < data.Count && data[i] != (byte)'"')
        {
            i += data[i] == (byte)'\\' ? 2 : 1;
        }

        return Math.Min(i, data.Count) - (quote + 1);
    }
}
