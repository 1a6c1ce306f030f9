using System.Text;

namespace FastFormatters.Fuzzing;

/// <summary>
/// Mutations that know JSON's syntax (and so JMC1's): numbers replaced by huge, tiny or malformed ones, strings given
/// bad escapes and bad UTF-8, and nesting amplified past the depth limit. <paramref name="headerLength"/> bytes at the
/// start (JMC1's header) are kept in front when wrapping.
/// </summary>
internal sealed class TextMutations(int headerLength, bool jmc)
{
    /// <summary>Syntax fragments, for the byte mutations to insert and overwrite with.</summary>
    public static readonly IReadOnlyList<byte[]> Tokens = new[]
    {
        "\"", "\\", "\\u", "\\u00", "\\uD800", "\\uDC00", "\\uD83D\\uDE00", "\\ud83d\\u0041", "\\x", "\\'", "\\0", "\"\"",
        "true", "false", "null", "nul", "tru", "-", "0", "-0", ".", "e", "E+", "e-", "1e999", "0.0e0", "[", "]", "{", "}",
        ",", ":", "[]", "{}", ",,", "[,]", "{\"\":0}", " ", "\t", "\r\n", "/*", "*/", "//", "/**/", "/*JMC1*/", "\uFEFF",
        "é", "😀", "\u2028", "NaN", "Infinity", "-Infinity", "\"NaN\"", "\"id\":", "\"$type\":", "9999999999999999999999",
    }.Select(Encoding.UTF8.GetBytes).Concat(new byte[][]
    {
        [0x00], [0x01], [0x1f], [0x7f], [0x80], [0xc0, 0x80], [0xc3], [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80],
        [0xf0, 0x9f, 0x98], [0xff], [0xfe, 0xff], [0xef, 0xbb, 0xbf],
    }).ToArray();

    // Numbers at and just past the limits of every numeric type, and malformed ones.
    private static readonly string[] s_numbers =
    [
        "0", "-0", "1", "-1", "127", "128", "-128", "-129", "255", "256", "32767", "32768", "-32769", "65535", "65536",
        "2147483647", "2147483648", "-2147483648", "-2147483649", "4294967295", "4294967296",
        "9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809",
        "18446744073709551615", "18446744073709551616", "79228162514264337593543950335", "79228162514264337593543950336",
        "-79228162514264337593543950336", "170141183460469231731687303715884105727", "170141183460469231731687303715884105728",
        "340282366920938463463374607431768211455", "340282366920938463463374607431768211456", "65504", "65520",
        "3.4028235e38", "3.4028236e38", "1.7976931348623157e308", "1.7976931348623159e308", "1e309", "-1e309", "4.9e-324",
        "2e-324", "1e-400", "0.0000000000000000000000000001", "0.00000000000000000000000000001", "1E+2", "1e-2", "1.5",
        "-0.0", "0e0", "1e2147483648", "1e-2147483649", "01", "00", "1.", ".5", "+1", "-", "1e", "1e+", "--1", "0x10",
        "1_000", "١", "NaN", "Infinity",
    ];

    private static readonly byte[][] s_badInString =
    [
        [0x01], [0x0a], [0x7f], [0x80], [0xc0, 0x80], [0xc3], [0xe2, 0x82], [0xed, 0xa0, 0x80], [0xed, 0xbf, 0xbf],
        [0xf4, 0x90, 0x80, 0x80], [0xf5], [0xff], .. new[]
        {
            "\\", "\\u", "\\u12", "\\uZZZZ", "\\uD800", "\\uD800\\u0041", "\\uDFFF", "\\uD83D\\uDE00", "\\a", "\\\"", "\\/",
        }.Select(Encoding.UTF8.GetBytes),
    ];

    private static readonly int[] s_depths = [63, 64, 65, 100, 500, 1023, 1024, 1025, 5000, 50_000];

    public IEnumerable<MutationOp> Ops() =>
    [
        new("huge-number", 4, HugeNumber),
        new("long-digit-run", 1, LongDigitRun),
        new("bad-string-content", 3, BadStringContent),
        new("wrap-nesting", 2, WrapNesting),
        new("open-nesting", 1, OpenNesting),
    ];

    private static void HugeNumber(List<byte> data, FuzzRandom random)
    {
        if (FindNumber(data, random) is var (start, length))
        {
            Replace(data, start, length, Encoding.ASCII.GetBytes(random.Pick(s_numbers)));
        }
    }

    private static void LongDigitRun(List<byte> data, FuzzRandom random)
    {
        if (FindNumber(data, random) is var (start, length))
        {
            var digits = new byte[random.SmallLength(20_000)];
            for (int i = 0; i < digits.Length; i++)
            {
                digits[i] = (byte)('0' + random.Next(10));
            }

            if (random.OneIn(3))
            {
                digits[random.Next(digits.Length)] = random.OneIn(2) ? (byte)'.' : (byte)'e';
            }

            Replace(data, start, length, digits);
        }
    }

    // Right after an opening quote, where the bytes are string content.
    private static void BadStringContent(List<byte> data, FuzzRandom random)
    {
        int quotes = 0;
        foreach (byte b in data)
        {
            quotes += b == (byte)'"' ? 1 : 0;
        }

        if (quotes == 0)
        {
            return;
        }

        int chosen = random.Next(quotes);
        for (int i = 0; i < data.Count; i++)
        {
            if (data[i] == (byte)'"' && chosen-- == 0)
            {
                data.InsertRange(i + 1, random.Pick(s_badInString));
                return;
            }
        }
    }

    // [[[ value ]]] or {"a":{"a": value }}: the value nested past (or just within) the depth limits.
    private void WrapNesting(List<byte> data, FuzzRandom random)
    {
        int depth = random.OneIn(2) ? random.Pick(s_depths) : random.SmallLength(2000);
        bool objects = random.OneIn(3);
        bool counted = jmc && random.OneIn(2); // JMC1: a count comment of 1 on each level, so the levels are valid
        byte[] open = objects ? Encoding.UTF8.GetBytes(counted ? "/*1\u0001*/{\"a\":" : "{\"a\":")
            : Encoding.UTF8.GetBytes(counted ? "/*1\u0001*/[" : "[");
        byte[] close = [objects ? (byte)'}' : (byte)']'];
        int at = Math.Min(headerLength, data.Count);
        var prefix = new List<byte>(open.Length * depth);
        var suffix = new List<byte>(depth);
        for (int i = 0; i < depth; i++)
        {
            prefix.AddRange(open);
            suffix.AddRange(close);
        }

        data.InsertRange(at, prefix);
        data.AddRange(suffix);
    }

    // Opening brackets that never close, anywhere.
    private static void OpenNesting(List<byte> data, FuzzRandom random)
    {
        int depth = random.Pick(s_depths);
        var opens = new byte[depth];
        for (int i = 0; i < depth; i++)
        {
            opens[i] = random.OneIn(4) ? (byte)'{' : (byte)'[';
        }

        data.InsertRange(random.Next(data.Count + 1), opens);
    }

    // A random number token: a run starting with '-' or a digit, not inside a word.
    private static (int Start, int Length)? FindNumber(List<byte> data, FuzzRandom random)
    {
        var starts = new List<(int, int)>();
        int i = 0;
        while (i < data.Count)
        {
            byte b = data[i];
            bool startsNumber = (b == (byte)'-' || IsDigit(b)) && (i == 0 || !IsNumberByte(data[i - 1]));
            if (!startsNumber)
            {
                i++;
                continue;
            }

            int start = i++;
            while (i < data.Count && IsNumberByte(data[i]))
            {
                i++;
            }

            starts.Add((start, i - start));
        }

        return starts.Count == 0 ? null : random.Pick(starts);
    }

    private static bool IsDigit(byte b) => b is >= (byte)'0' and <= (byte)'9';

    private static bool IsNumberByte(byte b) => IsDigit(b) || b is (byte)'-' or (byte)'+' or (byte)'.' or (byte)'e' or (byte)'E' or (byte)'_' or (byte)'x';

    private static void Replace(List<byte> data, int start, int length, byte[] replacement)
    {
        data.RemoveRange(start, length);
        data.InsertRange(start, replacement);
    }
}
