using System.Globalization;
using System.Numerics;
using System.Text;
using System.Text.Json;
using FastFormatters.Json;
using FastFormatters.Json.Converters;
using FastFormatters.Serialization.Values;

namespace FastFormatters.Core.Tests.Json;

/// <summary>
/// The JSON and JMC1 readers parse a plain integer or decimal in the same pass that finds its end. Whatever the bytes,
/// that read ends exactly as the two-pass read (<see cref="FastJsonReader.ReadNumberSpan"/>, then
/// <see cref="NumberText"/>) ends: the same value and scale at the same position, or, when it defers, the same error
/// at the same byte. Documents of numbers, and integer dictionary keys, are read as System.Text.Json reads them.
/// </summary>
public sealed class NumberReadingTests
{
    // Numbers in and out of the grammar, with every way a number can end: a delimiter, the input's end, a fraction or
    // an exponent that only the general path reads, and bytes that make the token invalid.
    private static readonly string[] s_numbers =
    [
        "0", "-0", "1", "-1", "7", "42", "-42", "0.5", "-0.5", "1.50", "3400.01", "0.0001", "127", "128", "-129", "255",
        "256", "32767", "65536", "2147483647", "2147483648", "-2147483649", "4294967296", "999999999999999999",
        "1000000000000000000", "9223372036854775807", "9223372036854775808", "18446744073709551616",
        "9999999999999999999", "99999999999999999999", "1234567890.123456789", "0.0000000000000000001",
        "79228162514264337593543950335", "79228162514264337593543950336", "007", "00", "-007", "01.5", "1.", "-.5", ".5",
        "-", "--1", "+1", "1e2", "1E+2", "1.5e-3", "-0e0", "1e", "1.e2", "1..2", "1.2.3", "1-", "0x10", "12a", "", "x",
    ];

    private static readonly string[] s_endings = ["", ",", "]", "}", " ", "\n", ".5", "e3", "E", "x", "0", "-"];

    // Forms a string's content may take that no number token does.
    private static readonly string[] s_quotedOnly = ["NaN", "Infinity", "-Infinity", "nan", "infinity", "+Infinity", " 1", "\\u0031", "1\\u0000", "1e400", "-1e400", "1,000"];

    [Fact]
    public void A_plain_integer_read_in_one_pass_ends_as_the_two_pass_read_in_every_integer_type()
    {
        foreach (bool jmc in new[] { false, true })
        {
            foreach (string text in Inputs())
            {
                AssertIntegerReadsAgree<sbyte>(text, jmc);
                AssertIntegerReadsAgree<byte>(text, jmc);
                AssertIntegerReadsAgree<short>(text, jmc);
                AssertIntegerReadsAgree<ushort>(text, jmc);
                AssertIntegerReadsAgree<int>(text, jmc);
                AssertIntegerReadsAgree<uint>(text, jmc);
                AssertIntegerReadsAgree<long>(text, jmc);
                AssertIntegerReadsAgree<ulong>(text, jmc);
                AssertIntegerReadsAgree<Int128>(text, jmc);
            }
        }
    }

    [Fact]
    public void A_plain_decimal_read_in_one_pass_ends_as_the_two_pass_read()
    {
        foreach (bool jmc in new[] { false, true })
        {
            foreach (string text in Inputs())
            {
                var fused = Read(text, jmc, static (ref FastJsonReader reader) =>
                    reader.TryReadPlainDecimal(out decimal value) || JsonNumberText.TryParse(reader.ReadNumberSpan(), out value)
                        ? Bits(value)
                        : "refused");
                var twoPass = Read(text, jmc, static (ref FastJsonReader reader) =>
                    JsonNumberText.TryParse(reader.ReadNumberSpan(), out decimal value) ? Bits(value) : "refused");
                Assert.True(twoPass == fused, $"decimal {(jmc ? "JMC1" : "JSON")} \"{text}\": two-pass {twoPass}, one pass {fused}");
            }
        }
    }

    [Fact]
    public void A_length_comment_before_a_number_is_refused_by_both_reads()
    {
        var fused = Read("/*AB*/12", jmc: true, static (ref FastJsonReader reader) => reader.TryReadPlainInteger(out int value) ? value.ToString(CultureInfo.InvariantCulture) : "deferred");
        Assert.StartsWith("error at 8: A length comment stands before a value that takes none.", fused);
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public void Documents_of_numbers_read_as_System_Text_Json_reads_them(bool webDefaults)
    {
        // The public serializer with the System.Text.Json contract, as an app has it; web defaults read numbers from
        // strings too, through the same number converters.
        var options = webDefaults ? new JsonSerializerOptions(JsonSerializerDefaults.Web) : new JsonSerializerOptions();
        var fast = new FastFormattersSerializer(null, options);
        var failures = new List<string>();
        foreach (string text in webDefaults ? Inputs().Concat(s_quotedOnly) : Inputs())
        {
            string number = webDefaults ? $"\"{text}\"" : text;
            byte[] document = Encoding.UTF8.GetBytes($"[{number}]");
            AssertSameAsSystemTextJson<List<decimal>>(fast, options, document, failures);
            AssertSameAsSystemTextJson<List<sbyte>>(fast, options, document, failures);
            AssertSameAsSystemTextJson<List<byte>>(fast, options, document, failures);
            AssertSameAsSystemTextJson<List<short>>(fast, options, document, failures);
            AssertSameAsSystemTextJson<List<ushort>>(fast, options, document, failures);
            AssertSameAsSystemTextJson<List<int>>(fast, options, document, failures);
            AssertSameAsSystemTextJson<List<uint>>(fast, options, document, failures);
            AssertSameAsSystemTextJson<List<long>>(fast, options, document, failures);
            AssertSameAsSystemTextJson<List<ulong>>(fast, options, document, failures);
            AssertSameAsSystemTextJson<List<Int128>>(fast, options, document, failures);
            AssertSameAsSystemTextJson<List<UInt128>>(fast, options, document, failures);
            AssertSameAsSystemTextJson<List<double>>(fast, options, document, failures);
            AssertSameAsSystemTextJson<List<float>>(fast, options, document, failures);
            AssertSameAsSystemTextJson<List<Half>>(fast, options, document, failures);
        }

        Assert.True(failures.Count == 0, string.Join("\n", failures.Distinct().Take(4000)));
    }

    [Fact]
    public void Integer_dictionary_keys_read_as_System_Text_Json_reads_them()
    {
        var options = new JsonSerializerOptions();
        var fast = new FastFormattersSerializer(null, options);
        var failures = new List<string>();
        foreach (string text in s_numbers.Concat(s_numbers.Select(number => number + " ")))
        {
            byte[] document = Encoding.UTF8.GetBytes($"{{\"{text}\":1}}");
            AssertSameAsSystemTextJson<Dictionary<sbyte, int>>(fast, options, document, failures);
            AssertSameAsSystemTextJson<Dictionary<byte, int>>(fast, options, document, failures);
            AssertSameAsSystemTextJson<Dictionary<short, int>>(fast, options, document, failures);
            AssertSameAsSystemTextJson<Dictionary<ushort, int>>(fast, options, document, failures);
            AssertSameAsSystemTextJson<Dictionary<int, int>>(fast, options, document, failures);
            AssertSameAsSystemTextJson<Dictionary<uint, int>>(fast, options, document, failures);
            AssertSameAsSystemTextJson<Dictionary<long, int>>(fast, options, document, failures);
            AssertSameAsSystemTextJson<Dictionary<ulong, int>>(fast, options, document, failures);
        }

        Assert.True(failures.Count == 0, string.Join("\n", failures.Distinct().Take(4000)));
    }

    // Every number with every ending, plus random plain numbers of every length around the fast paths' digit limits.
    private static IEnumerable<string> Inputs()
    {
        foreach (string number in s_numbers)
        {
            foreach (string ending in s_endings)
            {
                yield return number + ending;
            }
        }

        var random = new Random(20261201);
        var builder = new StringBuilder();
        for (int n = 0; n < 4_000; n++)
        {
            builder.Clear();
            if (random.Next(3) == 0)
            {
                builder.Append('-');
            }

            int length = random.Next(1, 34);
            int point = random.Next(3) == 0 ? random.Next(1, length + 1) : -1;
            for (int i = 0; i < length; i++)
            {
                if (i == point)
                {
                    builder.Append('.');
                }

                builder.Append((char)('0' + random.Next(10)));
            }

            builder.Append(s_endings[random.Next(s_endings.Length)]);
            yield return builder.ToString();
        }
    }

    private static void AssertIntegerReadsAgree<T>(string text, bool jmc)
        where T : IBinaryInteger<T>, IMinMaxValue<T>
    {
        var fused = Read(text, jmc, static (ref FastJsonReader reader) =>
            reader.TryReadPlainInteger(out T value) || JsonNumberText.TryParse(reader.ReadNumberSpan(), out value)
                ? value.ToString()!
                : "refused");
        var twoPass = Read(text, jmc, static (ref FastJsonReader reader) =>
            JsonNumberText.TryParse(reader.ReadNumberSpan(), out T value) ? value.ToString()! : "refused");
        Assert.True(twoPass == fused, $"{typeof(T).Name} {(jmc ? "JMC1" : "JSON")} \"{text}\": two-pass {twoPass}, one pass {fused}");
    }

    // Both accept the document and read the same value (compared as System.Text.Json writes it, decimals by their
    // bits), or both refuse it.
    private static void AssertSameAsSystemTextJson<T>(FastFormattersSerializer fast, JsonSerializerOptions options, byte[] document, List<string> failures)
        => SystemTextJsonOracle.Compare<T>(fast, options, document, Describe, failures);

    // Values as text that tells them apart: a decimal's scale, a NaN, an infinity.
    private static readonly JsonSerializerOptions s_describing = new() { NumberHandling = System.Text.Json.Serialization.JsonNumberHandling.AllowNamedFloatingPointLiterals };

    private static string Describe<T>(T value)
        => value is List<decimal> decimals ? string.Join(",", decimals.Select(Bits)) : JsonSerializer.Serialize(value, s_describing);

    private static string Bits(decimal value) => string.Join(":", decimal.GetBits(value));

    private delegate string NumberRead(ref FastJsonReader reader);

    // The outcome of one read: its result and where the reader stands after it, or the error and the byte it names.
    private static string Read(string text, bool jmc, NumberRead read)
    {
        byte[] input = Encoding.UTF8.GetBytes((jmc ? "/*JMC1*/" : string.Empty) + text);
        var reader = new FastJsonReader(input, maxDepth: 64, jmc);
        try
        {
            string result = read(ref reader);
            return $"{result} at {reader.Position}";
        }
        catch (FormatReadException error)
        {
            return $"error at {error.BytePosition}: {error.Message}";
        }
        finally
        {
            reader.Dispose();
        }
    }
}
