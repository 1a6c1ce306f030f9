using System.Globalization;
using static FastFormatters.Core.Tests.MessagePack.MsgPackTestHelpers;

namespace FastFormatters.Core.Tests.MessagePack;

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
        // Chars are their UTF-16 code unit, as MessagePack-CSharp writes them; one-character strings are read too.
        AssertRoundTrip('a', "61");
        AssertRoundTrip('é', "cce9");
        AssertRoundTrip('中', "cd4e2d");
        AssertRoundTrip('\0', "00");
        AssertRoundTrip(char.MaxValue, "cdffff");
        AssertRoundTrip<char?>(null, "c0");
        Assert.Equal('é', Deserialize<char>(Bytes("a2c3a9")));
        ReadFails<char>(Bytes("ce00010000"));
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
    public void DateTimes_are_UTC_timestamps_as_MessagePack_CSharp_writes_them()
    {
        // 2024-05-01T12:30:00Z is 0x663235c8 seconds after the epoch: the 32-bit form when there is no fraction.
        var utc = new DateTime(2024, 5, 1, 12, 30, 0, DateTimeKind.Utc);
        AssertUtcRoundTrip(utc, "d6ff663235c8");

        // A fraction takes the 64-bit form: nanoseconds in the top 30 bits.
        var ticks = utc.AddTicks(1234567);
        AssertUtcRoundTrip(ticks, "d7ff" + ((123_456_700UL << 34) | 0x663235c8UL).ToString("x16", CultureInfo.InvariantCulture));

        // Before 1970 or past 2514: the 96-bit form.
        AssertUtcRoundTrip(DateTime.SpecifyKind(DateTime.MinValue, DateTimeKind.Utc), "c70cff00000000" + (-62_135_596_800L).ToString("x16", CultureInfo.InvariantCulture));
        AssertUtcRoundTrip(DateTime.SpecifyKind(DateTime.MaxValue, DateTimeKind.Utc), "c70cff3b9ac99c" + 253_402_300_799L.ToString("x16", CultureInfo.InvariantCulture));

        // A local time is the same instant in UTC; it reads back as UTC.
        var local = new DateTime(2024, 5, 1, 12, 30, 0, DateTimeKind.Local);
        var readLocal = RoundTrip(local);
        Assert.Equal(DateTimeKind.Utc, readLocal.Kind);
        Assert.Equal(local.ToUniversalTime(), readLocal);

        // An unspecified time is taken as UTC, as MessagePack-CSharp takes it.
        var unspecified = new DateTime(2024, 5, 1, 12, 30, 0, DateTimeKind.Unspecified);
        Assert.Equal("d6ff663235c8", Hex(Serialize(unspecified)));

        static void AssertUtcRoundTrip(DateTime value, string hex)
        {
            Assert.Equal(hex, Hex(Serialize(value)));
            var read = RoundTrip(value);
            Assert.Equal(value, read);
            Assert.Equal(DateTimeKind.Utc, read.Kind);
        }
    }

    [Fact]
    public void DateTimeOffsets_are_their_local_time_and_offset_in_minutes()
    {
        // [timestamp of the local date and time read as UTC, offset in minutes]: 12:30 at +02:00 is 0x663235c8, 120.
        var value = new DateTimeOffset(2024, 5, 1, 12, 30, 0, TimeSpan.FromHours(2));
        Assert.Equal("92d6ff663235c878", Hex(Serialize(value)));
        AssertOffsetRoundTrip(value);
        AssertOffsetRoundTrip(new DateTimeOffset(2024, 5, 1, 12, 30, 0, 250, TimeSpan.FromHours(2)));
        AssertOffsetRoundTrip(new DateTimeOffset(2024, 5, 1, 12, 30, 0, TimeSpan.FromMinutes(330)));
        AssertOffsetRoundTrip(new DateTimeOffset(2024, 12, 31, 23, 59, 59, TimeSpan.FromHours(-8)));
        AssertOffsetRoundTrip(DateTimeOffset.MinValue);
        AssertOffsetRoundTrip(DateTimeOffset.MaxValue);

        // Text (what this library wrote before) and a lone timestamp (UTC) are read too; a bad offset is refused.
        Assert.Equal(value, Deserialize<DateTimeOffset>(Bytes(Str("2024-05-01T12:30:00+02:00"))));
        Assert.Equal(new DateTimeOffset(2024, 5, 1, 12, 30, 0, TimeSpan.Zero), Deserialize<DateTimeOffset>(Bytes("d6ff663235c8")));
        ReadFails<DateTimeOffset>(Bytes("92d6ff663235c8cd0400"));
        ReadFails<DateTimeOffset>(Bytes("91d6ff663235c8"));
        ReadFails<DateTimeOffset>(Bytes("92d6ff663235"));

        static void AssertOffsetRoundTrip(DateTimeOffset value)
        {
            var read = RoundTrip(value);
            Assert.Equal(value, read);
            Assert.Equal(value.Offset, read.Offset);
            Assert.Equal(value.Ticks, read.Ticks);
        }
    }

    [Fact]
    public void Dates_times_and_durations_are_day_numbers_and_ticks()
    {
        AssertRoundTrip(new DateOnly(2024, 2, 29), "ce000b4680");
        AssertRoundTrip(DateOnly.MinValue, "00");
        AssertRoundTrip(DateOnly.MaxValue, "ce0037b9da");
        AssertRoundTrip(new TimeOnly(12, 30), "cf00000068c6171400");
        AssertRoundTrip(new TimeOnly(12, 30, 0, 250), "cf00000068c63d39a0");
        AssertRoundTrip(TimeOnly.MinValue, "00");
        AssertRoundTrip(TimeOnly.MaxValue, "cf000000c92a69bfff");
        AssertRoundTrip(TimeSpan.Zero, "00");
        AssertRoundTrip(new TimeSpan(1, 2, 3, 4, 500), "cf000000da5beb0740");
        AssertRoundTrip(TimeSpan.FromMinutes(-90), "d3fffffff36d596400");
        AssertRoundTrip(TimeSpan.MaxValue, "cf7fffffffffffffff");
        AssertRoundTrip(TimeSpan.MinValue, "d38000000000000000");
        AssertRoundTrip<TimeSpan?>(null, "c0");
        AssertRoundTrip<DateOnly?>(new DateOnly(2000, 1, 1));

        // The text forms this library wrote before are read too; out-of-range numbers are refused.
        Assert.Equal(new DateOnly(2024, 2, 29), Deserialize<DateOnly>(Bytes(Str("2024-02-29"))));
        Assert.Equal(new TimeOnly(12, 30), Deserialize<TimeOnly>(Bytes(Str("12:30:00"))));
        Assert.Equal(TimeSpan.FromMinutes(-90), Deserialize<TimeSpan>(Bytes(Str("-01:30:00"))));
        ReadFails<DateOnly>(Bytes("ce0037b9db"));
        ReadFails<DateOnly>(Bytes("ff"));
        ReadFails<TimeOnly>(Bytes("cf000000c92a69c000"));
        ReadFails<TimeOnly>(Bytes("ff"));
        ReadFails<TimeSpan>(Bytes("cfffffffffffffffff"));
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
        AssertRoundTrip<MpColor?>(MpColor.Blue, "0a");
        AssertRoundTrip<MpColor?>(null, "c0");
        AssertRoundTrip<MpStruct?>(null, "c0");
        var value = RoundTrip<MpStruct?>(new MpStruct { A = 1, B = "b", C = 2.5 });
        Assert.Equal(new MpStruct { A = 1, B = "b", C = 2.5 }, value);
    }
}
