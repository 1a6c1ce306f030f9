using System.Buffers.Text;
using System.Text;
using FastFormatters.Serialization.Values;

namespace FastFormatters.Core.Tests.Json;

/// <summary>
/// The decimal fast path gives exactly what the general parser gives (value and scale), or defers to it. The general
/// parser is <see cref="Utf8Parser"/> on the whole text, as System.Text.Json and MessagePack-CSharp parse decimals: it
/// takes a sign, a point and an exponent, but no white space around the number (" 1" and "1 " are refused).
/// </summary>
public sealed class DecimalParsingTests
{
    public static TheoryData<string> EdgeCases =>
    [
        "0", "-0", "0.0", "-0.00", "1", "-1", "1.50", "1.", ".5", "-.5", "007", "00.100",
        "9999999999999999999", "-9999999999999999999", "18446744073709551615", "99999999999999999999",
        "0.0000000000000000001", "1234567890.123456789", "79228162514264337593543950335",
        "79228162514264337593543950336", "1e2", "1.25E-2", "+1", " 1", "1 ", "", "-", ".", "-.", "1..2", "1.2.3", "--1",
        "1-", "0x10", "１",
    ];

    [Theory]
    [MemberData(nameof(EdgeCases))]
    public void Edge_cases_match_the_general_parser(string text) => AssertSameAsGeneral(text);

    [Fact]
    public void Random_plain_numbers_match_the_general_parser()
    {
        var random = new Random(20261122);
        var builder = new StringBuilder();
        for (int n = 0; n < 20_000; n++)
        {
            builder.Clear();
            if (random.Next(3) == 0)
            {
                builder.Append('-');
            }

            int length = random.Next(1, 34);
            int point = random.Next(-length, length + 1);
            for (int i = 0; i < length; i++)
            {
                if (i == point)
                {
                    builder.Append('.');
                }

                builder.Append((char)('0' + random.Next(10)));
            }

            AssertSameAsGeneral(builder.ToString());
        }
    }

    private static void AssertSameAsGeneral(string text)
    {
        byte[] utf8 = Encoding.UTF8.GetBytes(text);
        bool expected = Utf8Parser.TryParse(utf8, out decimal general, out int consumed) && consumed == utf8.Length;
        bool actual = NumberText.TryParseDecimal(utf8, out var fast);
        Assert.Equal(expected, actual);
        if (expected)
        {
            Assert.True(decimal.GetBits(general).SequenceEqual(decimal.GetBits(fast)), $"{text}: {general} vs {fast}");
        }
    }
}
