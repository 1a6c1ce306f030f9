using System.Globalization;
using System.Text;
using static FastFormatters.Core.Tests.Json.JsonTestHelpers;

namespace FastFormatters.Core.Tests.Json;

public sealed class PrimitiveTests
{
    [Fact]
    public void Booleans()
    {
        AssertRoundTrip(true, "true");
        AssertRoundTrip(false, "false");
    }

    [Fact]
    public void Integers_at_their_limits()
    {
        AssertRoundTrip(byte.MinValue, "0");
        AssertRoundTrip(byte.MaxValue, "255");
        AssertRoundTrip(sbyte.MinValue, "-128");
        AssertRoundTrip(sbyte.MaxValue, "127");
        AssertRoundTrip(short.MinValue, "-32768");
        AssertRoundTrip(short.MaxValue, "32767");
        AssertRoundTrip(ushort.MinValue, "0");
        AssertRoundTrip(ushort.MaxValue, "65535");
        AssertRoundTrip(int.MinValue, "-2147483648");
        AssertRoundTrip(int.MaxValue, "2147483647");
        AssertRoundTrip(0, "0");
        AssertRoundTrip(-1, "-1");
        AssertRoundTrip(uint.MinValue, "0");
        AssertRoundTrip(uint.MaxValue, "4294967295");
        AssertRoundTrip(long.MinValue, "-9223372036854775808");
        AssertRoundTrip(long.MaxValue, "9223372036854775807");
        AssertRoundTrip(ulong.MinValue, "0");
        AssertRoundTrip(ulong.MaxValue, "18446744073709551615");
        AssertRoundTrip(Int128.MinValue, "-170141183460469231731687303715884105728");
        AssertRoundTrip(Int128.MaxValue, "170141183460469231731687303715884105727");
        AssertRoundTrip(UInt128.MaxValue, "340282366920938463463374607431768211455");
    }

    [Fact]
    public void Integers_read_minus_zero_and_surrounding_whitespace()
    {
        Assert.Equal(0, Deserialize<int>("-0"));
        Assert.Equal(42, Deserialize<int>(" \t\r\n42 \n"));
    }

    [Fact]
    public void Decimals_keep_their_scale()
    {
        Assert.Equal(2, RoundTrip(1.50m, "1.50").Scale);
        Assert.Equal(3, RoundTrip(-0.001m, "-0.001").Scale);
        Assert.Equal(0, RoundTrip(0m, "0").Scale);
        Assert.Equal(4, RoundTrip(10.0000m, "10.0000").Scale);
        AssertRoundTrip(decimal.MaxValue, "79228162514264337593543950335");
        AssertRoundTrip(decimal.MinValue, "-79228162514264337593543950335");
        AssertRoundTrip(1.0000000000000000000000000001m, "1.0000000000000000000000000001");
    }

    [Fact]
    public void Decimals_read_exponents()
    {
        Assert.Equal(100m, Deserialize<decimal>("1e2"));
        Assert.Equal(0.0125m, Deserialize<decimal>("1.25E-2"));
    }

    [Fact]
    public void Doubles_in_shortest_round_trip_form()
    {
        AssertRoundTrip(0.1, "0.1");
        AssertRoundTrip(1.0, "1");
        AssertRoundTrip(-2.5, "-2.5");
        AssertRoundTrip(123.456, "123.456");
        AssertRoundTrip(1e-20, "1E-20");
        AssertRoundTrip(1e21, "1E+21");
        AssertRoundTrip(double.MaxValue, "1.7976931348623157E+308");
        AssertRoundTrip(double.MinValue, "-1.7976931348623157E+308");
        AssertRoundTrip(double.Epsilon, "5E-324");
        AssertRoundTrip(0.1 + 0.2, "0.30000000000000004");
        Assert.True(double.IsNegative(RoundTrip(-0.0, "-0")));
    }

    [Fact]
    public void Doubles_read_every_json_number_form()
    {
        Assert.Equal(100.0, Deserialize<double>("1e2"));
        Assert.Equal(100.0, Deserialize<double>("1E+2"));
        Assert.Equal(-0.0005, Deserialize<double>("-0.5e-3"));
        Assert.Equal(42.0, Deserialize<double>("42"));
        Assert.Equal(0.0, Deserialize<double>("1e-400"));
    }

    [Fact]
    public void Non_finite_doubles_are_strings()
    {
        Assert.True(double.IsNaN(RoundTrip(double.NaN, "\"NaN\"")));
        Assert.Equal(double.PositiveInfinity, RoundTrip(double.PositiveInfinity, "\"Infinity\""));
        Assert.Equal(double.NegativeInfinity, RoundTrip(double.NegativeInfinity, "\"-Infinity\""));
    }

    [Fact]
    public void Floats()
    {
        AssertRoundTrip(0.1f, "0.1");
        AssertRoundTrip(1e-20f, "1E-20");
        AssertRoundTrip(float.MaxValue, "3.4028235E+38");
        AssertRoundTrip(float.MinValue, "-3.4028235E+38");
        Assert.True(float.IsNaN(RoundTrip(float.NaN, "\"NaN\"")));
        Assert.Equal(float.PositiveInfinity, RoundTrip(float.PositiveInfinity, "\"Infinity\""));
        Assert.Equal(float.NegativeInfinity, RoundTrip(float.NegativeInfinity, "\"-Infinity\""));
    }

    [Fact]
    public void Halves()
    {
        AssertRoundTrip((Half)0.5f, "0.5");
        AssertRoundTrip(Half.MaxValue, "65500");
        Assert.True(Half.IsNaN(RoundTrip(Half.NaN, "\"NaN\"")));
    }

    [Theory]
    [InlineData("\"nan\"")]
    [InlineData("\"infinity\"")]
    [InlineData("\"+Infinity\"")]
    [InlineData("\"1.5\"")]
    [InlineData("\"\"")]
    public void Only_the_three_exact_non_finite_strings_are_numbers(string json) => ReadFails<double>(json);

    [Fact]
    public void Strings_with_unicode_are_written_unescaped()
    {
        AssertRoundTrip("日本語", "\"日本語\"");
        AssertRoundTrip("😀", "\"😀\"");
        AssertRoundTrip("a😀b𝄞c", "\"a😀b𝄞c\"");
        AssertRoundTrip("café ñ Ω", "\"café ñ Ω\"");
        AssertRoundTrip("", "\"\"");
        AssertRoundTrip("/<>&'", "\"/<>&'\"");
        Assert.Equal(Hex("22 F0 9F 98 80 22"), SerializeToUtf8("😀"));
    }

    [Fact]
    public void Null_strings()
    {
        Assert.Equal("null", Serialize<string?>(null));
        Assert.Null(Deserialize<string?>("null"));
    }

    [Fact]
    public void Quote_backslash_and_short_escapes()
    {
        const string expected = """
            "\"\\\n\r\t\b\f"
            """;
        AssertRoundTrip("\"\\\n\r\t\b\f", expected);
        AssertRoundTrip("say \"hi\"\\", """
            "say \"hi\"\\"
            """);
    }

    [Fact]
    public void Other_control_characters_are_lowercase_u_escapes()
    {
        AssertRoundTrip("\u0000\u0001\u000b\u001f", """
            "\u0000\u0001\u000b\u001f"
            """);
        AssertRoundTrip("a\u001Ab\u000Ec", """
            "a\u001ab\u000ec"
            """);
        // DEL and the C1 controls need no escaping in JSON.
        AssertRoundTrip("\u007f", "\"\u007f\"");
    }

    [Fact]
    public void Every_escape_form_is_read()
    {
        string json = """
            "\"\\\/\b\f\n\r\t\u0041\u00e9\u00E9\u65e5\ud83d\ude00\uD834\uDD1E"
            """;
        Assert.Equal("\"\\/\b\f\n\r\t\u0041éé日😀𝄞", Deserialize<string>(json));
    }

    [Fact]
    public void Escaped_nul_is_read()
        => Assert.Equal("a\0b", Deserialize<string>("\"a\\u0000b\""));

    [Fact]
    public void Long_strings_with_surrogate_pairs_and_escapes_across_internal_chunks()
    {
        // Longer than the writer's contiguous limit, so it is written in chunks; pairs and escapes land on boundaries.
        var builder = new StringBuilder();
        var random = new Random(1234);
        string[] pieces = ["a", "é", "日", "😀", "\"", "\\", "\n", "\u0001", "xyz"];
        while (builder.Length < 50_000)
        {
            builder.Append(pieces[random.Next(pieces.Length)]);
        }

        string text = builder.ToString();
        string json = Serialize(text);
        Assert.Equal(text, Deserialize<string>(json));
        Assert.Equal(System.Text.Json.JsonSerializer.Deserialize<string>(json), text);

        // A pair straddling the 4096-char chunk edge in an escape-free string.
        string straddle = new string('a', 4095) + "😀" + new string('b', 20_000);
        Assert.Equal("\"" + straddle + "\"", Serialize(straddle));
        Assert.Equal(straddle, Deserialize<string>(Serialize(straddle)));
    }

    [Theory]
    [InlineData(1)]
    [InlineData(1023)]
    [InlineData(1024)]
    [InlineData(1025)]
    [InlineData(5000)]
    public void Strings_with_escapes_either_side_of_the_one_span_limit_are_written_char_for_char(int length)
    {
        // Up to 1,024 chars a string that needs escaping is escaped in one span, beyond it run by run: the same bytes.
        // Lone surrogates land right before escapes, where a run ends.
        string text = EscapeMix(length, seed: length);
        Assert.Equal(ExpectedJson(text), Serialize(text));
    }

    /// <summary>A string of <paramref name="length"/> chars mixing ASCII, accents, pairs, lone surrogates and escapes.</summary>
    internal static string EscapeMix(int length, int seed)
    {
        string[] pieces = ["a", "é", "日", "😀", "\"", "\\", "\n", "\u0001", "\ud800", "\udc00", "xyz"];
        var builder = new StringBuilder();
        var random = new Random(seed);
        while (builder.Length < length)
        {
            builder.Append(pieces[random.Next(pieces.Length)]);
        }

        return builder.ToString(0, length);
    }

    // What the writer must give, char by char: the RFC 8259 escapes, pairs as they are, lone surrogates as U+FFFD.
    private static string ExpectedJson(string text)
    {
        var builder = new StringBuilder("\"");
        for (int i = 0; i < text.Length; i++)
        {
            char c = text[i];
            if (char.IsHighSurrogate(c) && i + 1 < text.Length && char.IsLowSurrogate(text[i + 1]))
            {
                builder.Append(c).Append(text[++i]);
            }
            else if (char.IsSurrogate(c))
            {
                builder.Append('\uFFFD');
            }
            else
            {
                builder.Append(c switch
                {
                    '"' => "\\\"",
                    '\\' => "\\\\",
                    '\n' => "\\n",
                    < ' ' => $"\\u{(int)c:x4}",
                    _ => c.ToString(),
                });
            }
        }

        return builder.Append('"').ToString();
    }

    [Fact]
    public void Lone_surrogates_are_written_as_replacement_characters()
    {
        // A string with a lone surrogate is not valid Unicode; the output must still be valid UTF-8.
        Assert.Equal("\"a\uFFFDb\"", Serialize("a\ud800b"));
        Assert.Equal("a\uFFFDb", Deserialize<string>(Serialize("a\udc00b")));
    }

    [Fact]
    public void Chars()
    {
        AssertRoundTrip('a', "\"a\"");
        AssertRoundTrip('é', "\"é\"");
        AssertRoundTrip('日', "\"日\"");
        AssertRoundTrip('"', """
            "\""
            """);
        AssertRoundTrip('\\', """
            "\\"
            """);
        AssertRoundTrip('\n', """
            "\n"
            """);
        AssertRoundTrip('\u0001', """
            "\u0001"
            """);
        Assert.Equal('é', Deserialize<char>("\"\\u00e9\""));
    }

    [Theory]
    [InlineData("\"\"")]
    [InlineData("\"ab\"")]
    [InlineData("\"abc\"")]
    [InlineData("\"abcd\"")]
    [InlineData("\"abcdefgh\"")]
    [InlineData("\"😀\"")]
    [InlineData("65")]
    [InlineData("null")]
    public void A_char_is_exactly_one_character(string json) => ReadFails<char>(json);

    [Fact]
    public void Guids()
    {
        var guid = new Guid("0f8fad5b-d9cb-469f-a165-70867728950e");
        AssertRoundTrip(guid, "\"0f8fad5b-d9cb-469f-a165-70867728950e\"");
        AssertRoundTrip(Guid.Empty, "\"00000000-0000-0000-0000-000000000000\"");
        Assert.Equal(guid, Deserialize<Guid>("\"0F8FAD5B-D9CB-469F-A165-70867728950E\""));
    }

    [Theory]
    [InlineData("\"0f8fad5bd9cb469fa16570867728950e\"")]
    [InlineData("\"{0f8fad5b-d9cb-469f-a165-70867728950e}\"")]
    [InlineData("\"0f8fad5b-d9cb-469f-a165-70867728950\"")]
    [InlineData("\"0f8fad5b-d9cb-469f-a165-70867728950e0\"")]
    [InlineData("\"not a guid\"")]
    [InlineData("null")]
    [InlineData("1")]
    public void Guids_must_be_hyphenated(string json) => ReadFails<Guid>(json);

    [Fact]
    public void Utc_date_times_trim_trailing_fraction_zeros()
    {
        var whole = new DateTime(2024, 5, 1, 12, 30, 0, DateTimeKind.Utc);
        var read = RoundTrip(whole, "\"2024-05-01T12:30:00Z\"");
        Assert.Equal(whole, read);
        Assert.Equal(DateTimeKind.Utc, read.Kind);

        AssertRoundTrip(whole.AddMilliseconds(250), "\"2024-05-01T12:30:00.25Z\"");
        AssertRoundTrip(whole.AddTicks(1), "\"2024-05-01T12:30:00.0000001Z\"");
        AssertRoundTrip(whole.AddTicks(1_234_567), "\"2024-05-01T12:30:00.1234567Z\"");
        AssertRoundTrip(whole.AddTicks(1_000_000), "\"2024-05-01T12:30:00.1Z\"");
        AssertRoundTrip(DateTime.SpecifyKind(DateTime.MaxValue, DateTimeKind.Utc), "\"9999-12-31T23:59:59.9999999Z\"");
    }

    [Fact]
    public void Unspecified_date_times_have_no_zone()
    {
        var value = new DateTime(2024, 5, 1, 12, 30, 5, 120, DateTimeKind.Unspecified);
        var read = RoundTrip(value, "\"2024-05-01T12:30:05.12\"");
        Assert.Equal(value, read);
        Assert.Equal(DateTimeKind.Unspecified, read.Kind);
        AssertRoundTrip(DateTime.MinValue, "\"0001-01-01T00:00:00\"");
    }

    [Fact]
    public void Local_date_times_carry_the_local_offset()
    {
        var value = new DateTime(2024, 5, 1, 12, 30, 0, 500, DateTimeKind.Local);
        var offset = TimeZoneInfo.Local.GetUtcOffset(value);
        string zone = (offset < TimeSpan.Zero ? "-" : "+") + offset.Duration().ToString("hh\\:mm", CultureInfo.InvariantCulture);
        var read = RoundTrip(value, "\"2024-05-01T12:30:00.5" + zone + "\"");
        Assert.Equal(value, read);
        Assert.Equal(DateTimeKind.Local, read.Kind);
    }

    [Fact]
    public void Date_times_read_the_shorter_iso_forms()
    {
        Assert.Equal(new DateTime(2024, 5, 1), Deserialize<DateTime>("\"2024-05-01\""));
        Assert.Equal(new DateTime(2024, 5, 1, 12, 30, 0, DateTimeKind.Utc), Deserialize<DateTime>("\"2024-05-01T12:30Z\""));
        Assert.Equal(new DateTime(2024, 5, 1, 12, 30, 0), Deserialize<DateTime>("\"2024-05-01T12:30:00\""));
    }

    [Fact]
    public void Date_times_with_an_offset_are_read_as_local_time()
    {
        var read = Deserialize<DateTime>("\"2024-05-01T12:30:00+02:00\"");
        Assert.Equal(DateTimeKind.Local, read.Kind);
        Assert.Equal(new DateTime(2024, 5, 1, 10, 30, 0, DateTimeKind.Utc), read.ToUniversalTime());
    }

    [Theory]
    [InlineData("\"2024-13-01T00:00:00Z\"")]
    [InlineData("\"2024-02-30\"")]
    [InlineData("\"2024-05-01 12:30:00\"")]
    [InlineData("\"01/05/2024\"")]
    [InlineData("\"2024-05-01T12:30:00Zjunk\"")]
    [InlineData("\"\"")]
    [InlineData("\"2024-05-01T12:30:00é\"")]
    [InlineData("1714566600")]
    [InlineData("null")]
    public void Date_times_reject_other_forms(string json) => ReadFails<DateTime>(json);

    [Fact]
    public void Date_time_offsets()
    {
        var value = new DateTimeOffset(2024, 5, 1, 12, 30, 0, 250, TimeSpan.FromHours(2));
        var read = RoundTrip(value, "\"2024-05-01T12:30:00.25+02:00\"");
        Assert.Equal(value, read);
        Assert.Equal(TimeSpan.FromHours(2), read.Offset);

        var negative = new DateTimeOffset(2024, 12, 31, 23, 59, 59, TimeSpan.FromMinutes(-330));
        read = RoundTrip(negative, "\"2024-12-31T23:59:59-05:30\"");
        Assert.Equal(negative.Offset, read.Offset);

        read = RoundTrip(new DateTimeOffset(2024, 5, 1, 0, 0, 0, TimeSpan.Zero), "\"2024-05-01T00:00:00+00:00\"");
        Assert.Equal(TimeSpan.Zero, read.Offset);
    }

    [Fact]
    public void Date_time_offsets_without_a_zone_are_utc()
    {
        var read = Deserialize<DateTimeOffset>("\"2024-05-01T12:30:00\"");
        Assert.Equal(new DateTimeOffset(2024, 5, 1, 12, 30, 0, TimeSpan.Zero), read);
        Assert.Equal(TimeSpan.Zero, read.Offset);
        Assert.Equal(TimeSpan.Zero, Deserialize<DateTimeOffset>("\"2024-05-01T12:30:00Z\"").Offset);
    }

    [Fact]
    public void Date_onlys()
    {
        AssertRoundTrip(new DateOnly(2024, 2, 29), "\"2024-02-29\"");
        AssertRoundTrip(DateOnly.MinValue, "\"0001-01-01\"");
        AssertRoundTrip(DateOnly.MaxValue, "\"9999-12-31\"");
        ReadFails<DateOnly>("\"2024-2-29\"");
        ReadFails<DateOnly>("\"2023-02-29\"");
        ReadFails<DateOnly>("\"2024-02-29T00:00:00\"");
    }

    [Fact]
    public void Time_onlys_are_written_as_System_Text_Json_writes_them_across_a_day()
    {
        var random = new Random(20261126);
        for (long ticks = 0; ticks < TimeSpan.TicksPerDay; ticks += TimeSpan.TicksPerSecond * 7 + random.Next(2) * random.Next(1, 10_000_000))
        {
            var time = new TimeOnly(ticks);
            Assert.Equal(System.Text.Json.JsonSerializer.Serialize(time), Serialize(time));
        }
    }

    [Fact]
    public void Date_onlys_are_written_as_System_Text_Json_writes_them_across_their_range()
    {
        for (int day = DateOnly.MinValue.DayNumber; day <= DateOnly.MaxValue.DayNumber; day += 97)
        {
            var date = DateOnly.FromDayNumber(day);
            Assert.Equal(System.Text.Json.JsonSerializer.Serialize(date), Serialize(date));
        }
    }

    [Fact]
    public void Time_onlys()
    {
        AssertRoundTrip(new TimeOnly(12, 30), "\"12:30:00\"");
        AssertRoundTrip(new TimeOnly(0, 0), "\"00:00:00\"");
        // A fraction has all seven digits, as System.Text.Json writes it.
        AssertRoundTrip(new TimeOnly(23, 59, 59, 999), "\"23:59:59.9990000\"");
        AssertRoundTrip(TimeOnly.MaxValue, "\"23:59:59.9999999\"");
        Assert.Equal(new TimeOnly(8, 15), Deserialize<TimeOnly>("\"08:15\""));
        // Read as System.Text.Json reads it: unpadded fields are taken, a day count, a sign or a lone number are not.
        Assert.Equal(new TimeOnly(8, 15), Deserialize<TimeOnly>("\"8:15\""));
        ReadFails<TimeOnly>("\"24:00:00\"");
        ReadFails<TimeOnly>("\"1.08:15:00\"");
        ReadFails<TimeOnly>("\"-08:15:00\"");
        ReadFails<TimeOnly>("\"8\"");
    }

    [Fact]
    public void Time_spans()
    {
        AssertRoundTrip(TimeSpan.Zero, "\"00:00:00\"");
        AssertRoundTrip(new TimeSpan(1, 2, 3, 4, 500), "\"1.02:03:04.5000000\"");
        AssertRoundTrip(TimeSpan.FromSeconds(-1), "\"-00:00:01\"");
        AssertRoundTrip(TimeSpan.FromTicks(1), "\"00:00:00.0000001\"");
        AssertRoundTrip(TimeSpan.MaxValue, "\"10675199.02:48:05.4775807\"");
        AssertRoundTrip(TimeSpan.MinValue, "\"-10675199.02:48:05.4775808\"");
        ReadFails<TimeSpan>("\"1:02:03:04\"");
        ReadFails<TimeSpan>("\"P1D\"");
        ReadFails<TimeSpan>("3600");
    }

    [Fact]
    public void Uris_are_their_original_string()
    {
        var absolute = new Uri("https://example.com/a%20b?q=1&r=2#frag");
        var read = RoundTrip(absolute, "\"https://example.com/a%20b?q=1&r=2#frag\"");
        Assert.Equal(absolute, read);
        Assert.True(read!.IsAbsoluteUri);

        var relative = new Uri("/orders/42?x=1", UriKind.Relative);
        read = RoundTrip(relative, "\"/orders/42?x=1\"");
        Assert.False(read!.IsAbsoluteUri);
        Assert.Equal("/orders/42?x=1", read.OriginalString);

        ReadFails<Uri?>("\"http://[::1\"");
        ReadFails<Uri?>("1");
        Assert.Equal("null", Serialize<Uri?>(null));
        Assert.Null(Deserialize<Uri?>("null"));
    }

    [Fact]
    public void Byte_arrays_are_base64()
    {
        Assert.Equal(new byte[] { 1, 2, 3, 255 }, RoundTrip(new byte[] { 1, 2, 3, 255 }, "\"AQID/w==\""));
        Assert.Equal(new byte[] { 0xFB, 0xFF }, RoundTrip(new byte[] { 0xFB, 0xFF }, "\"+/8=\""));
        Assert.Empty(RoundTrip(Array.Empty<byte>(), "\"\"")!);
        Assert.Equal("null", Serialize<byte[]?>(null));
        Assert.Null(Deserialize<byte[]?>("null"));
    }

    [Fact]
    public void Large_byte_arrays_round_trip_through_chunked_base64()
    {
        var random = new Random(42);
        foreach (int length in new[] { 1, 2, 3, 3071, 3072, 3073, 10_000, 100_001 })
        {
            var bytes = new byte[length];
            random.NextBytes(bytes);
            Assert.Equal(bytes, RoundTrip(bytes, "\"" + Convert.ToBase64String(bytes) + "\""));
        }
    }

    [Theory]
    [InlineData("\"@@@@\"")]
    [InlineData("\"AQID/w=\"")]
    [InlineData("\"AQID/w===\"")]
    [InlineData("[1,2,3]")]
    public void Byte_arrays_reject_what_is_not_base64(string json) => ReadFails<byte[]>(json);

    [Fact]
    public void Nullable_values()
    {
        Assert.Equal("null", Serialize<int?>(null));
        Assert.Equal("5", Serialize<int?>(5));
        Assert.Null(Deserialize<int?>("null"));
        Assert.Equal(5, Deserialize<int?>("5"));
        Assert.Equal(5, Deserialize<int?>(" 5 "));

        var guid = new Guid("0f8fad5b-d9cb-469f-a165-70867728950e");
        Assert.Equal(guid, RoundTrip<Guid?>(guid, "\"0f8fad5b-d9cb-469f-a165-70867728950e\""));
        Assert.Null(RoundTrip<Guid?>(null, "null"));
        Assert.Null(RoundTrip<DateTime?>(null, "null"));
        Assert.Equal(1.5, RoundTrip<double?>(1.5, "1.5"));
        Assert.Equal(true, RoundTrip<bool?>(true, "true"));
        Assert.Equal(Color.Blue, RoundTrip<Color?>(Color.Blue, "\"Blue\""));
        Assert.Null(RoundTrip<Color?>(null, "null"));
        Assert.Equal(new Measurement { Value = 2, Unit = "m" }, RoundTrip<Measurement?>(new Measurement { Value = 2, Unit = "m" }, """{"value":2,"unit":"m"}"""));
        Assert.Null(RoundTrip<Measurement?>(null, "null"));
    }

    [Fact]
    public void Boxed_entry_points_agree_with_the_generic_ones()
    {
        Assert.Equal("12", SerializeBoxed(12, typeof(int)));
        Assert.Equal("null", SerializeBoxed(null, typeof(int?)));
        Assert.Equal("\"Green\"", SerializeBoxed(Color.Green, typeof(Color)));
        Assert.Equal(12L, DeserializeBoxed("12", typeof(long)));
        Assert.Equal(Color.Green, DeserializeBoxed("\"green\"", typeof(Color)));
        Assert.Null(DeserializeBoxed("null", typeof(int?)));
    }
}

public enum Color
{
    Red,
    Green,
    Blue,
}

public enum Status
{
    [System.Runtime.Serialization.EnumMember(Value = "in-progress")]
    InProgress,

    [System.Text.Json.Serialization.JsonStringEnumMemberName("done!")]
    Done,

    [System.Runtime.Serialization.EnumMember(Value = "enum-member")]
    [System.Text.Json.Serialization.JsonStringEnumMemberName("json-name")]
    Both,
}

[Flags]
public enum Permissions
{
    None = 0,
    Read = 1,
    Write = 2,
    Execute = 4,
}

[Flags]
public enum Styles
{
    [System.Runtime.Serialization.EnumMember(Value = "bold")]
    Bold = 1,

    [System.Runtime.Serialization.EnumMember(Value = "italic")]
    Italic = 2,
}

public enum Tiny : sbyte
{
    Negative = -1,
    Zero = 0,
    Max = sbyte.MaxValue,
}

public enum Huge : ulong
{
    Zero = 0,
    Max = ulong.MaxValue,
}

public enum Level : byte
{
    Low = 1,
    High = 200,
}

public struct Measurement : IEquatable<Measurement>
{
    public double Value { get; set; }

    public string? Unit { get; set; }

    public readonly bool Equals(Measurement other) => Value.Equals(other.Value) && Unit == other.Unit;

    public override readonly bool Equals(object? obj) => obj is Measurement other && Equals(other);

    public override readonly int GetHashCode() => HashCode.Combine(Value, Unit);
}
