using System.Globalization;
using System.Numerics;
using System.Text;
using FastFormatters.Serialization.Values;

namespace FastFormatters.Core.Tests.Json;

/// <summary>The integer fast path gives exactly what the general parser gives, in every integer type, or defers to it.</summary>
public sealed class IntegerParsingTests
{
    public static TheoryData<string> EdgeCases =>
    [
        "0", "-0", "1", "-1", "007", "-007", "127", "128", "-128", "-129", "255", "256", "32767", "32768", "-32768",
        "-32769", "65535", "65536", "2147483647", "2147483648", "-2147483648", "-2147483649", "4294967295", "4294967296",
        "999999999999999999", "-999999999999999999", "1000000000000000000", "9223372036854775807", "9223372036854775808",
        "-9223372036854775808", "-9223372036854775809", "18446744073709551615", "18446744073709551616",
        "000000000000000000001", "+1", "+0", " 1", "1 ", "", "-", "+", "--1", "1-", "1.0", "1e2", "0x10", "１", "12a",
    ];

    [Theory]
    [MemberData(nameof(EdgeCases))]
    public void Edge_cases_match_the_general_parser_in_every_integer_type(string text) => AssertSameInEveryType(text);

    [Fact]
    public void Random_digit_strings_match_the_general_parser_in_every_integer_type()
    {
        var random = new Random(20261126);
        var builder = new StringBuilder();
        for (int n = 0; n < 20_000; n++)
        {
            builder.Clear();
            if (random.Next(3) == 0)
            {
                builder.Append('-');
            }

            int length = random.Next(1, 22);
            for (int i = 0; i < length; i++)
            {
                builder.Append((char)('0' + random.Next(10)));
            }

            AssertSameInEveryType(builder.ToString());
        }
    }

    private static void AssertSameInEveryType(string text)
    {
        var utf8 = Encoding.UTF8.GetBytes(text);
        AssertSame<sbyte>(text, utf8);
        AssertSame<byte>(text, utf8);
        AssertSame<short>(text, utf8);
        AssertSame<ushort>(text, utf8);
        AssertSame<int>(text, utf8);
        AssertSame<uint>(text, utf8);
        AssertSame<long>(text, utf8);
        AssertSame<ulong>(text, utf8);
        AssertSame<Int128>(text, utf8);
        AssertSame<UInt128>(text, utf8);
    }

    private static void AssertSame<T>(string text, byte[] utf8)
        where T : IBinaryInteger<T>, IMinMaxValue<T>
    {
        bool expected = T.TryParse(utf8, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out var general);
        bool actual = NumberText.TryParseInteger(utf8, out T fast);
        Assert.True(expected == actual, $"{typeof(T).Name} \"{text}\": general {expected}, fast {actual}");
        if (expected)
        {
            Assert.True(general == fast, $"{typeof(T).Name} \"{text}\": {general} vs {fast}");
        }
    }
}
