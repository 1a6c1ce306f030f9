using FastFormatters.Jmc;

namespace FastFormatters.Json;

/// <summary>
/// JMC1's part of the JSON reader, and the only one. The document starts with <c>/*JMC1*/</c>, and a length comment may
/// stand before a string, a key, an array or an object (no other comment is allowed). A string's comment gives where it
/// ends, so its closing quote is checked there instead of searched for; an array's or object's gives its count, which
/// the caller uses to pre-size and then checks (<see cref="VerifyCount"/>). No count is trusted: one that disagrees with
/// the data, runs past the end or claims more elements than bytes remain is an error. Values without a comment are
/// read by scanning, as in JSON.
/// </summary>
public ref partial struct FastJsonReader
{
    private const string Jmc1FormatName = JmcFormat.Name;

    /// <summary>The capacity to pre-size a collection with for a count its comment claimed (see <see cref="Buffers.Presizing"/>).</summary>
    internal int PresizeFor(int claimed) => _presizing.Claim(claimed);

    /// <summary>Fails when a container held other than the <paramref name="claimed"/> count its comment gave (-1: none).</summary>
    internal readonly void VerifyCount(int claimed, int actual)
    {
        if (claimed >= 0 && claimed != actual)
        {
            throw ErrorHere($"The length comment says {claimed} but there are {actual}.");
        }
    }

    private void SkipJmc1Header()
    {
        if (!_input.StartsWith(Jmc1.Header))
        {
            throw ErrorHere("A JMC1 document starts with /*JMC1*/; this body does not.");
        }

        _position = Jmc1.Header.Length;
    }

    // Where the token at `at` begins once a length comment there, if any, is stepped over.
    private readonly int AfterLengthComment(int at) => Jmc1.StartsWithComment(_input[at..]) ? at + Jmc1.CommentLength : at;

    // Skips whitespace, then in JMC1 reads the length comment at the next token, if there is one: its length, or -1.
    private int ReadLengthComment()
    {
        SkipWhitespace();
        if (!_jmc || !Jmc1.StartsWithComment(_input[_position..]))
        {
            return -1;
        }

        if (!Jmc1.TryReadComment(_input[_position..], out int length))
        {
            throw ErrorHere("Invalid JMC1 length comment: JMC1 allows only six-byte length comments.");
        }

        _position += Jmc1.CommentLength;
        return length;
    }

    // Skips whitespace; numbers, literals and closing brackets take no length comment.
    private void RefuseComment()
    {
        SkipWhitespace();
        if (_jmc && Jmc1.StartsWithComment(_input[_position..]))
        {
            throw ErrorHere("A length comment stands before a value that takes none.");
        }
    }

    // Each element takes at least one byte and each but the last a comma: a larger claim than that cannot be true.
    private readonly void CheckClaimedCount(int count)
    {
        if (count > ((_input.Length - _position) / 2) + 1)
        {
            throw ErrorHere($"The length comment claims {count} elements but only {_input.Length - _position} bytes remain.");
        }
    }
}
