using System.Buffers.Binary;
using static FastFormatters.Core.Tests.MessagePack.MsgPackTestHelpers;

namespace FastFormatters.Core.Tests.MessagePack;

/// <summary>The timestamp extension (-1), MessagePack-CSharp's form of dates, is written and read; no other extension is read.</summary>
public sealed class TimestampExtensionTests
{
    private static readonly DateTime s_instant = new(2024, 5, 1, 12, 30, 0, DateTimeKind.Utc);

    private static long Seconds(DateTime utc) => new DateTimeOffset(utc).ToUnixTimeSeconds();

    private static byte[] Timestamp32(uint seconds)
    {
        var bytes = new byte[6];
        bytes[0] = 0xd6;
        bytes[1] = 0xff;
        BinaryPrimitives.WriteUInt32BigEndian(bytes.AsSpan(2), seconds);
        return bytes;
    }

    private static byte[] Timestamp64(ulong seconds, uint nanoseconds)
    {
        var bytes = new byte[10];
        bytes[0] = 0xd7;
        bytes[1] = 0xff;
        BinaryPrimitives.WriteUInt64BigEndian(bytes.AsSpan(2), ((ulong)nanoseconds << 34) | seconds);
        return bytes;
    }

    private static byte[] Timestamp96(long seconds, uint nanoseconds)
    {
        var bytes = new byte[15];
        bytes[0] = 0xc7;
        bytes[1] = 12;
        bytes[2] = 0xff;
        BinaryPrimitives.WriteUInt32BigEndian(bytes.AsSpan(3), nanoseconds);
        BinaryPrimitives.WriteInt64BigEndian(bytes.AsSpan(7), seconds);
        return bytes;
    }

    [Fact]
    public void Timestamp32_is_read_into_DateTime_and_DateTimeOffset()
    {
        Assert.Equal("d6ff663235c8", Hex(Timestamp32((uint)Seconds(s_instant))));
        var read = Deserialize<DateTime>(Timestamp32((uint)Seconds(s_instant)));
        Assert.Equal(s_instant, read);
        Assert.Equal(DateTimeKind.Utc, read.Kind);

        var offset = Deserialize<DateTimeOffset>(Timestamp32((uint)Seconds(s_instant)));
        Assert.Equal(new DateTimeOffset(s_instant), offset);
        Assert.Equal(TimeSpan.Zero, offset.Offset);

        Assert.Equal(DateTime.UnixEpoch, Deserialize<DateTime>(Bytes("d6 ff 00 00 00 00")));
        Assert.Equal(DateTime.UnixEpoch.AddSeconds(uint.MaxValue), Deserialize<DateTime>(Bytes("d6 ff ff ff ff ff")));
        Assert.Equal(s_instant, Deserialize<DateTime?>(Timestamp32((uint)Seconds(s_instant))));
    }

    [Fact]
    public void Timestamp64_carries_nanoseconds()
    {
        var read = Deserialize<DateTime>(Timestamp64((ulong)Seconds(s_instant), 250_000_000));
        Assert.Equal(s_instant.AddMilliseconds(250), read);
        Assert.Equal(DateTimeKind.Utc, read.Kind);

        // 100 ns is one tick; less than a tick is dropped.
        Assert.Equal(s_instant.AddTicks(1234567), Deserialize<DateTime>(Timestamp64((ulong)Seconds(s_instant), 123_456_789)));
        Assert.Equal(s_instant.AddTicks(9_999_999), Deserialize<DateTimeOffset>(Timestamp64((ulong)Seconds(s_instant), 999_999_999)).UtcDateTime);

        // The largest seconds value of the 34-bit field.
        Assert.Equal(DateTime.UnixEpoch.AddSeconds(0x3_FFFF_FFFF), Deserialize<DateTime>(Timestamp64(0x3_FFFF_FFFF, 0)));
        Assert.Equal("d7ff0000000000000000", Hex(Timestamp64(0, 0)));
    }

    [Fact]
    public void Timestamp96_carries_signed_seconds()
    {
        Assert.Equal(s_instant.AddTicks(5), Deserialize<DateTime>(Timestamp96(Seconds(s_instant), 500)));
        Assert.Equal(new DateTime(1969, 12, 31, 23, 59, 59, DateTimeKind.Utc), Deserialize<DateTime>(Timestamp96(-1, 0)));
        var year1000 = new DateTime(1000, 1, 1, 0, 0, 0, DateTimeKind.Utc);
        Assert.Equal(year1000, Deserialize<DateTimeOffset>(Timestamp96(Seconds(year1000), 0)).UtcDateTime);

        // The ends of the DateTime range.
        Assert.Equal(DateTime.MinValue, Deserialize<DateTime>(Timestamp96(-62_135_596_800, 0)));
        Assert.Equal(DateTime.MaxValue.Ticks, Deserialize<DateTime>(Timestamp96(253_402_300_799, 999_999_999)).Ticks);
        Assert.Equal("c70cff" + "00000000" + "ffffffffffffffff", Hex(Timestamp96(-1, 0)));
    }

    [Fact]
    public void Timestamps_are_read_into_object_as_DateTime()
    {
        Assert.Equal(s_instant, DeserializeBoxed(Timestamp32((uint)Seconds(s_instant)), typeof(object)));
        var tree = Assert.IsType<Dictionary<string, object?>>(Deserialize<object>(Concat(Bytes("81" + Str("at")), Timestamp64((ulong)Seconds(s_instant), 1000))));
        var at = Assert.IsType<DateTime>(tree["at"]);
        Assert.Equal(s_instant.AddTicks(10), at);

        var order = Deserialize<MpOrder>(Concat(Bytes("81" + Str("PlacedAt")), Timestamp96(Seconds(s_instant), 0)));
        Assert.Equal(new DateTimeOffset(s_instant), order.PlacedAt);
    }

    [Theory]
    [InlineData("d6 ff ff ff ff ff", typeof(DateTimeOffset))]
    [InlineData("c7 0c ff 00 00 00 00 00 00 00 00 00 00 00 00", typeof(DateTime))]
    public void Timestamps_inside_the_range_are_accepted(string hex, Type type)
        => Assert.NotNull(DeserializeBoxed(Bytes(hex), type));

    [Theory]
    // Other extension types, as MessagePack-CSharp's Typeless (100) and LZ4 (98/99) use them.
    [InlineData("d4 64 00")]
    [InlineData("d6 64 00 00 00 00")]
    [InlineData("c7 03 64 61 62 63")]
    [InlineData("c8 00 01 64 00")]
    [InlineData("c9 00 00 00 01 63 00")]
    [InlineData("d7 62 00 00 00 00 00 00 00 00")]
    [InlineData("d8 01 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00")]
    // A timestamp of the wrong size.
    [InlineData("d4 ff 00")]
    [InlineData("d5 ff 00 00")]
    [InlineData("c7 05 ff 00 00 00 00 00")]
    [InlineData("d8 ff 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00")]
    [InlineData("c7 00 ff")]
    // Nanoseconds above 999,999,999.
    [InlineData("d7 ff ee 6b 28 00 00 00 00 00")]
    [InlineData("c7 0c ff 3b 9a ca 00 00 00 00 00 00 00 00 00")]
    // Seconds outside DateTime.
    [InlineData("c7 0c ff 00 00 00 00 00 00 00 3a ff f4 41 80")]
    [InlineData("c7 0c ff 00 00 00 00 ff ff ff f1 88 6e 08 ff")]
    [InlineData("c7 0c ff 00 00 00 00 80 00 00 00 00 00 00 00")]
    [InlineData("c7 0c ff 00 00 00 00 7f ff ff ff ff ff ff ff")]
    public void Other_extensions_and_malformed_timestamps_are_refused(string hex)
    {
        byte[] data = Bytes(hex);
        ReadFails<object>(data);
        ReadFails<DateTime>(data);
        ReadFails<DateTimeOffset>(data);
        ReadFails<DateTime?>(data);
        ReadFails<List<object>>(Concat(Bytes("91"), data));
        ReadFails<Dictionary<string, object>>(Concat(Bytes("81a0"), data));
        ReadFails<MpOrder>(Concat(Bytes("81" + Str("PlacedAt")), data));
        ReadFails<MpOrder>(Concat(Bytes("81" + Str("Extra")), data));
    }

    [Theory]
    [InlineData("d6 ff 00 00 00 00")]
    [InlineData("d4 64 00")]
    public void Extensions_are_refused_where_no_date_is_expected(string hex)
    {
        byte[] data = Bytes(hex);
        ReadFails<string>(data);
        ReadFails<int>(data);
        ReadFails<byte[]>(data);
        ReadFails<Guid>(data);
        ReadFails<DateOnly>(data);
        ReadFails<MpLine>(data);
    }

    [Fact]
    public void Extensions_under_unknown_members_are_skipped()
    {
        var line = Deserialize<MpLine>(Bytes("82" + Str("typeless") + "c7 03 64 61 62 63" + Str("Quantity") + "03"));
        Assert.Equal(3, line.Quantity);
    }

    [Fact]
    public void Dates_are_written_as_timestamps_and_text_is_still_read()
    {
        Assert.Equal(Hex(Timestamp32((uint)Seconds(s_instant))), Hex(Serialize(s_instant)));
        Assert.Equal(s_instant, Deserialize<DateTime>(Bytes(Str("2024-05-01T12:30:00Z"))));
    }
}
