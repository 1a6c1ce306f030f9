using System.Globalization;
using static FastFormatters.Tests.MessagePack.MsgPackTestHelpers;

namespace FastFormatters.Tests.MessagePack;

/// <summary>Every primitive the converters support, written and read back through MessagePack.</summary>
public sealed class PrimitiveRoundTripTests
{
    [Fact]
    public void Integers_at_their_limits()
    {
        AssertRoundTrip(byte.MinValue);
        AssertRoundTrip(byte.MaxValue);
        AssertRoundTrip(sbyte.MinValue);
        AssertRoundTrip(sbyte.MaxValue);
        AssertRoundTrip(short.MinValue);
        AssertRoundTrip(short.MaxValue);
        AssertRoundTrip(ushort.MinValue);
        AssertRoundTrip(ushort.MaxValue);
        AssertRoundTrip(int.MinValue);
        AssertRoundTrip(int.MaxValue);
        AssertRoundTrip(uint.MinValue);
        AssertRoundTrip(uint.MaxValue);
        AssertRoundTrip(long.MinValue);
        AssertRoundTrip(long.MaxValue);
        AssertRoundTrip(ulong.MinValue);
        AssertRoundTrip(ulong.MaxValue);
        AssertRoundTrip(Int128.MinValue);
        AssertRoundTrip(Int128.MaxValue);
        AssertRoundTrip(Int128.Zero);
        AssertRoundTrip(UInt128.MinValue);
        AssertRoundTrip(UInt128.MaxValue);
    }

    [Fact]
    public void Integers_are_read_from_any_integer_encoding_that_fits()
    {
        // Other writers do not always use the smallest encoding.
        Assert.Equal(1, Deserialize<int>(Bytes("d3 00 00 00 00 00 00 00 01")));
        Assert.Equal(1, Deserialize<byte>(Bytes("cf 00 00 00 00 00 00 00 01")));
        Assert.Equal(-1, Deserialize<short>(Bytes("d3 ff ff ff ff ff ff ff ff")));
        Assert.Equal(200u, Deserialize<uint>(Bytes("d1 00 c8")));
        Assert.Equal(ulong.MaxValue, Deserialize<ulong>(Bytes("cf ff ff ff ff ff ff ff ff")));
        Assert.Equal((Int128)ulong.MaxValue, Deserialize<Int128>(Bytes("cf ff ff ff ff ff ff ff ff")));
        Assert.Equal(-5L, Deserialize<long>(Bytes("fb")));
    }

    [Fact]
    public void Decimals_keep_their_scale()
    {
        byte[] bytes = Serialize(1.50m);
        Assert.Equal(Str("1.50"), Hex(bytes));
        decimal read = Deserialize<decimal>(bytes);
        Assert.Equal(1.50m, read);
        Assert.Equal("1.50", read.ToString(CultureInfo.InvariantCulture));
        Assert.Equal(decimal.GetBits(1.50m), decimal.GetBits(read));

        foreach (decimal value in new[] { 0m, 0.000m, -0.5m, 1m, 100.0000m, decimal.MaxValue, decimal.MinValue, 0.0000000000000000000000000001m, 123456789.987654321m })
        {
            byte[] encoded = Serialize(value);
            Assert.Equal(Str(value.ToString(CultureInfo.InvariantCulture)), Hex(encoded));
            Assert.Equal(decimal.GetBits(value), decimal.GetBits(RoundTrip(value)));
        }

        AssertRoundTrip<decimal?>(null, "c0");
        AssertRoundTrip<decimal?>(2.5m, Str("2.5"));
    }

    [Fact]
    public void Decimals_are_read_from_integers_and_floats_of_other_writers()
    {
        Assert.Equal(42m, Deserialize<decimal>(Bytes("2a")));
        Assert.Equal(-1m, Deserialize<decimal>(Bytes("ff")));
        Assert.Equal(18446744073709551615m, Deserialize<decimal>(Bytes("cf ff ff ff ff ff ff ff ff")));
        Assert.Equal(1.5m, Deserialize<decimal>(Bytes("cb 3f f8 00 00 00 00 00 00")));
        Assert.Equal(1.5m, Deserialize<decimal>(Bytes("ca 3f c0 00 00")));
    }

    [Fact]
    public void Doubles_including_non_finite_values_and_extremes()
    {
        foreach (double value in new[] { 0.0, 1e-20, -1e-20, double.MaxValue, double.MinValue, double.Epsilon, Math.PI, 0.1, 123456.789 })
        {
            double read = RoundTrip(value);
            Assert.Equal(BitConverter.DoubleToInt64Bits(value), BitConverter.DoubleToInt64Bits(read));
        }

        Assert.True(double.IsNaN(RoundTrip(double.NaN)));
        Assert.Equal(double.PositiveInfinity, RoundTrip(double.PositiveInfinity));
        Assert.Equal(double.NegativeInfinity, RoundTrip(double.NegativeInfinity));
        Assert.Equal(BitConverter.DoubleToInt64Bits(-0.0), BitConverter.DoubleToInt64Bits(RoundTrip(-0.0)));
    }

    [Fact]
    public void Non_finite_floats_are_native_not_strings()
    {
        Assert.Equal("cb7ff0000000000000", Hex(Serialize(double.PositiveInfinity)));
        var nan = Assert.IsType<double>(MsgPackDecoder.Decode(Serialize(double.NaN)));
        Assert.True(double.IsNaN(nan));
        var single = Assert.IsType<float>(MsgPackDecoder.Decode(Serialize(float.NegativeInfinity)));
        Assert.Equal(float.NegativeInfinity, single);

        // The JSON spellings are read too.
        Assert.True(double.IsNaN(Deserialize<double>(Bytes(Str("NaN")))));
        Assert.Equal(double.PositiveInfinity, Deserialize<double>(Bytes(Str("Infinity"))));
        Assert.Equal(float.NegativeInfinity, Deserialize<float>(Bytes(Str("-Infinity"))));
    }

    [Fact]
    public void Doubles_are_read_from_integers_and_float32()
    {
        Assert.Equal(42.0, Deserialize<double>(Bytes("2a")));
        Assert.Equal(-1.0, Deserialize<double>(Bytes("ff")));
        Assert.Equal(1.5, Deserialize<double>(Bytes("ca 3f c0 00 00")));
        Assert.Equal(1.5f, Deserialize<float>(Bytes("cb 3f f8 00 00 00 00 00 00")));
    }

    [Fact]
    public void Floats_and_halves()
    {
        foreach (float value in new[] { 0f, 3.14f, float.MaxValue, float.MinValue, float.Epsilon, -1e-20f, float.PositiveInfinity, float.NegativeInfinity })
        {
            Assert.Equal(BitConverter.SingleToInt32Bits(value), BitConverter.SingleToInt32Bits(RoundTrip(value)));
        }

        Assert.True(float.IsNaN(RoundTrip(float.NaN)));

        foreach (Half value in new[] { Half.Zero, (Half)1.5, Half.MaxValue, Half.MinValue, Half.Epsilon, Half.PositiveInfinity, Half.NegativeInfinity })
        {
            Assert.Equal(value, RoundTrip(value));
        }

        Assert.True(Half.IsNaN(RoundTrip(Half.NaN)));
    }

    [Fact]
    public void Booleans_and_chars()
    {
        AssertRoundTrip(true, "c3");
        AssertRoundTrip(false, "c2");
        AssertRoundTrip('a', "a161");
        AssertRoundTrip('é', "a2c3a9");
        AssertRoundTrip('中', "a3e4b8ad");
        AssertRoundTrip('\0', "a100");
        AssertRoundTrip(char.MaxValue, "a3efbfbf");
        AssertRoundTrip<char?>(null, "c0");
    }

    [Fact]
    public void Strings_with_every_kind_of_character()
    {
        AssertRoundTrip("", "a0");
        AssertRoundTrip<string?>(null, "c0");
        AssertRoundTrip("日本語テキスト 😀👍🏽 café \"quoted\" \\ \n\t\0");
        AssertRoundTrip(new string('x', 100_000));
        AssertRoundTrip(string.Concat(Enumerable.Repeat("中😀", 20_000)));
    }

    [Fact]
    public void Guids_are_hyphenated_text()
    {
        var guid = new Guid("0f8fad5b-d9cb-469f-a165-70867728950e");
        AssertRoundTrip(guid, Str("0f8fad5b-d9cb-469f-a165-70867728950e"));
        AssertRoundTrip(Guid.Empty, Str("00000000-0000-0000-0000-000000000000"));
        AssertRoundTrip<Guid?>(guid);
        AssertRoundTrip<Guid?>(null, "c0");
    }

    [Fact]
    public void DateTimes_keep_their_kind()
    {
        var utc = new DateTime(2024, 5, 1, 12, 30, 0, DateTimeKind.Utc);
        AssertKindRoundTrip(utc, "2024-05-01T12:30:00Z");

        var unspecified = new DateTime(2024, 5, 1, 12, 30, 0, 250, DateTimeKind.Unspecified);
        AssertKindRoundTrip(unspecified, "2024-05-01T12:30:00.25");

        var ticks = new DateTime(2024, 5, 1, 12, 30, 0, DateTimeKind.Utc).AddTicks(1234567);
        AssertKindRoundTrip(ticks, "2024-05-01T12:30:00.1234567Z");

        var local = new DateTime(2024, 5, 1, 12, 30, 0, DateTimeKind.Local);
        var readLocal = RoundTrip(local);
        Assert.Equal(DateTimeKind.Local, readLocal.Kind);
        Assert.Equal(local, readLocal);
        Assert.Equal(local.ToString("O", CultureInfo.InvariantCulture).Replace(".0000000", "", StringComparison.Ordinal), MsgPackDecoder.Decode(Serialize(local)));

        AssertKindRoundTrip(DateTime.MinValue, "0001-01-01T00:00:00");
        AssertKindRoundTrip(DateTime.MaxValue, "9999-12-31T23:59:59.9999999");
        AssertKindRoundTrip(DateTime.SpecifyKind(DateTime.MaxValue, DateTimeKind.Utc), "9999-12-31T23:59:59.9999999Z");

        static void AssertKindRoundTrip(DateTime value, string text)
        {
            Assert.Equal(text, MsgPackDecoder.Decode(Serialize(value)));
            var read = RoundTrip(value);
            Assert.Equal(value, read);
            Assert.Equal(value.Kind, read.Kind);
        }
    }

    [Fact]
    public void DateTimeOffsets_keep_their_offset()
    {
        AssertOffsetRoundTrip(new DateTimeOffset(2024, 5, 1, 12, 30, 0, 250, TimeSpan.FromHours(2)), "2024-05-01T12:30:00.25+02:00");
        AssertOffsetRoundTrip(new DateTimeOffset(2024, 5, 1, 12, 30, 0, TimeSpan.FromMinutes(330)), "2024-05-01T12:30:00+05:30");
        AssertOffsetRoundTrip(new DateTimeOffset(2024, 12, 31, 23, 59, 59, TimeSpan.FromHours(-8)), "2024-12-31T23:59:59-08:00");
        AssertOffsetRoundTrip(new DateTimeOffset(2024, 5, 1, 0, 0, 0, TimeSpan.Zero), "2024-05-01T00:00:00+00:00");
        AssertOffsetRoundTrip(DateTimeOffset.MinValue, "0001-01-01T00:00:00+00:00");
        AssertOffsetRoundTrip(DateTimeOffset.MaxValue, "9999-12-31T23:59:59.9999999+00:00");

        static void AssertOffsetRoundTrip(DateTimeOffset value, string text)
        {
            Assert.Equal(text, MsgPackDecoder.Decode(Serialize(value)));
            var read = RoundTrip(value);
            Assert.Equal(value, read);
            Assert.Equal(value.Offset, read.Offset);
            Assert.Equal(value.Ticks, read.Ticks);
        }
    }

    [Fact]
    public void Dates_times_and_durations()
    {
        AssertRoundTrip(new DateOnly(2024, 2, 29), Str("2024-02-29"));
        AssertRoundTrip(DateOnly.MinValue, Str("0001-01-01"));
        AssertRoundTrip(DateOnly.MaxValue, Str("9999-12-31"));
        AssertRoundTrip(new TimeOnly(12, 30), Str("12:30:00"));
        AssertRoundTrip(new TimeOnly(12, 30, 0, 250), Str("12:30:00.25"));
        AssertRoundTrip(TimeOnly.MinValue, Str("00:00:00"));
        AssertRoundTrip(TimeOnly.MaxValue, Str("23:59:59.9999999"));
        AssertRoundTrip(TimeSpan.Zero, Str("00:00:00"));
        AssertRoundTrip(new TimeSpan(1, 2, 3, 4, 500), Str("1.02:03:04.5000000"));
        AssertRoundTrip(TimeSpan.FromMinutes(-90), Str("-01:30:00"));
        AssertRoundTrip(TimeSpan.MaxValue, Str("10675199.02:48:05.4775807"));
        AssertRoundTrip(TimeSpan.MinValue, Str("-10675199.02:48:05.4775808"));
        AssertRoundTrip<TimeSpan?>(null, "c0");
        AssertRoundTrip<DateOnly?>(new DateOnly(2000, 1, 1));
    }

    [Fact]
    public void Uris_are_their_original_string()
    {
        AssertRoundTrip(new Uri("https://example.com/a b?q=1#frag"), Str("https://example.com/a b?q=1#frag"));
        AssertRoundTrip(new Uri("/relative/path?x=y", UriKind.Relative), Str("/relative/path?x=y"));
        AssertRoundTrip(new Uri("urn:isbn:0451450523"));
        AssertRoundTrip<Uri?>(null, "c0");
        Assert.False(RoundTrip(new Uri("x/y", UriKind.Relative)).IsAbsoluteUri);
    }

    [Fact]
    public void Byte_arrays_are_binary()
    {
        AssertRoundTrip(Array.Empty<byte>(), "c400");
        AssertRoundTrip(new byte[] { 1, 2, 255 }, "c4030102ff");
        AssertRoundTrip<byte[]?>(null, "c0");
        var large = Enumerable.Range(0, 70_000).Select(i => (byte)i).ToArray();
        Assert.Equal(large, RoundTrip(large));
        Assert.IsType<byte[]>(MsgPackDecoder.Decode(Serialize(large)));
    }

    [Fact]
    public void Nullables_are_nil_or_the_value()
    {
        AssertRoundTrip<int?>(null, "c0");
        AssertRoundTrip<int?>(5, "05");
        AssertRoundTrip<int?>(-200, "d1ff38");
        AssertRoundTrip<bool?>(true, "c3");
        AssertRoundTrip<double?>(null, "c0");
        AssertRoundTrip<double?>(2.5);
        AssertRoundTrip<DateTime?>(new DateTime(2024, 1, 1, 0, 0, 0, DateTimeKind.Utc));
        AssertRoundTrip<DateTimeOffset?>(null, "c0");
        AssertRoundTrip<MpColor?>(MpColor.Blue, Str("Blue"));
        AssertRoundTrip<MpColor?>(null, "c0");
        AssertRoundTrip<MpStruct?>(null, "c0");
        var value = RoundTrip<MpStruct?>(new MpStruct { A = 1, B = "b", C = 2.5 });
        Assert.Equal(new MpStruct { A = 1, B = "b", C = 2.5 }, value);
    }
}
