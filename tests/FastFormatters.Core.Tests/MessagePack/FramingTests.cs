using System.Buffers;
using FastFormatters.MessagePack;
using static FastFormatters.Core.Tests.MessagePack.MsgPackTestHelpers;

namespace FastFormatters.Core.Tests.MessagePack;

/// <summary>
/// <see cref="MessagePackFraming"/> cuts a stream of values at the same places the reader does: a whole value is
/// measured exactly, every beginning of one needs more data, and a byte no value starts with is invalid at once.
/// </summary>
public sealed class FramingTests
{
    // Every code family, encoded by the spec (independently of the writer): each with a byte after it, which is not part of it.
    public static TheoryData<string> Values => new()
    {
        "00", "7f", "e0", "ff", "c0", "c2", "c3",
        "cc ff", "cd 01 00", "ce 00 01 00 00", "cf 00 00 00 01 00 00 00 00",
        "d0 80", "d1 80 00", "d2 80 00 00 00", "d3 80 00 00 00 00 00 00 00",
        "ca 3f c0 00 00", "cb 3f f8 00 00 00 00 00 00",
        "a0", "a3 61 62 63", "d9 02 61 62", "da 00 01 61", "db 00 00 00 01 61",
        "c4 00", "c4 02 01 02", "c5 00 01 01", "c6 00 00 00 02 01 02",
        "d4 01 01", "d5 01 01 02", "d6 ff 01 02 03 04", "d7 ff" + "00 00 00 00 00 00 00 00", "d8 01" + "00000000000000000000000000000000",
        "c7 00 05", "c7 02 05 01 02", "c8 00 01 05 01", "c9 00 00 00 01 05 01",
        "90", "93 01 a1 61 c0", "dc 00 02 01 02", "dd 00 00 00 01 90",
        "80", "82 a1 61 01 a1 62 92 01 81 a1 63 c0", "de 00 01 01 02", "df 00 00 00 01 c0 80",
        "91 91 91 91 91 91 91 91 01",
    };

    [Theory]
    [MemberData(nameof(Values))]
    public void A_whole_value_is_measured_as_the_reader_reads_it_and_every_beginning_needs_more(string hex)
    {
        byte[] value = Bytes(hex);
        AssertMeasured(value);
    }

    [Fact]
    public void Values_the_writer_writes_are_measured_as_the_reader_reads_them()
    {
        AssertMeasured(Serialize(ObjectRoundTripTests.SampleOrder()));
        AssertMeasured(Serialize(new MpAllTypes
        {
            Big = Int128.MaxValue,
            I64 = long.MinValue,
            Money = 12.345m,
            Real = double.NaN,
            Text = new string('t', 70_000),
            When = new DateTime(2024, 5, 1, 12, 0, 0, DateTimeKind.Utc),
            Blob = new byte[300],
            Names = ["a", new string('b', 40)],
            Anything = new List<object?> { new Dictionary<string, object?> { ["k"] = Enumerable.Range(0, 70_000).Cast<object?>().ToList() } },
        }));
    }

    [Theory]
    [InlineData("c1")]
    [InlineData("91 c1")]
    [InlineData("92 01 c1 01")]
    [InlineData("81 c1 01")]
    [InlineData("81 a1 61 c1")]
    [InlineData("dc 00 03 01 c1")]
    public void A_byte_no_value_starts_with_is_invalid_whatever_follows(string hex)
    {
        byte[] value = Bytes(hex);
        Assert.Equal(OperationStatus.InvalidData, MessagePackFraming.Measure(value, out _));

        // Also when the bytes before it are all there is of a longer container: no more data can make it valid.
        Assert.Equal(OperationStatus.InvalidData, MessagePackFraming.Measure(Concat(Bytes("dd 7f ff ff ff"), value), out _));
        Assert.ThrowsAny<FormatReadException>(() => new FastMessagePackReader(value, 64).Skip());
    }

    private static void AssertMeasured(byte[] value)
    {
        var reader = new FastMessagePackReader(value, 500);
        reader.Skip();
        Assert.Equal(value.Length, reader.Position);

        Assert.Equal(OperationStatus.Done, MessagePackFraming.Measure(Concat(value, Bytes("c1 00")), out int length));
        Assert.Equal(value.Length, length);
        for (int cut = 0; cut < value.Length; cut = cut < 300 ? cut + 1 : cut + 997)
        {
            Assert.Equal(OperationStatus.NeedMoreData, MessagePackFraming.Measure(value.AsSpan(0, cut), out length));
            Assert.Equal(0, length);
        }
    }
}
