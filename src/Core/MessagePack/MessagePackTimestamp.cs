using System.Buffers.Binary;

namespace FastFormatters.MessagePack;

/// <summary>
/// The MessagePack timestamp extension (type -1) in the smallest of its three forms, as MessagePack-CSharp writes
/// <see cref="DateTime"/>: 32-bit seconds when there is no fraction, 64-bit (30-bit nanoseconds, 34-bit seconds) while
/// the seconds fit, else 96-bit. Every date is written as UTC, the instant it denotes.
/// </summary>
internal static class MessagePackTimestamp
{
    private const long MinSeconds = -62_135_596_800; // 0001-01-01T00:00:00Z
    private const long MaxSeconds = 253_402_300_799; // 9999-12-31T23:59:59Z

    public static void Write(ref FastMessagePackWriter writer, DateTime value)
    {
        if (value.Kind == DateTimeKind.Local)
        {
            value = value.ToUniversalTime();
        }

        long ticks = value.Ticks - DateTime.UnixEpoch.Ticks;
        long seconds = Math.DivRem(ticks, TimeSpan.TicksPerSecond, out long remainder);
        if (remainder < 0)
        {
            seconds--;
            remainder += TimeSpan.TicksPerSecond;
        }

        long nanoseconds = remainder * 100;
        Span<byte> data = stackalloc byte[12];
        if ((ulong)seconds >> 34 != 0)
        {
            BinaryPrimitives.WriteUInt32BigEndian(data, (uint)nanoseconds);
            BinaryPrimitives.WriteInt64BigEndian(data[4..], seconds);
            writer.WriteExtension(MessagePackCode.TimestampExtension, data);
        }
        else if (nanoseconds == 0 && (ulong)seconds <= uint.MaxValue)
        {
            BinaryPrimitives.WriteUInt32BigEndian(data, (uint)seconds);
            writer.WriteExtension(MessagePackCode.TimestampExtension, data[..4]);
        }
        else
        {
            BinaryPrimitives.WriteUInt64BigEndian(data, ((ulong)nanoseconds << 34) | (ulong)seconds);
            writer.WriteExtension(MessagePackCode.TimestampExtension, data[..8]);
        }
    }

    /// <summary>Reads a timestamp when the next value is an extension; a UTC <see cref="DateTime"/>.</summary>
    /// <exception cref="FormatReadException">The extension is not a timestamp, or not a valid one.</exception>
    public static bool TryRead(ref FastMessagePackReader reader, out DateTime value)
    {
        value = default;
        if (reader.PeekKind() != MessagePackValueKind.Extension)
        {
            return false;
        }

        var data = reader.ReadExtension(out sbyte type);
        if (type != MessagePackCode.TimestampExtension)
        {
            throw reader.Error($"The extension type {type} is not a timestamp.");
        }

        (long seconds, long nanoseconds) = data.Length switch
        {
            4 => (BinaryPrimitives.ReadUInt32BigEndian(data), 0L),
            8 => ((long)(BinaryPrimitives.ReadUInt64BigEndian(data) & 0x3_FFFF_FFFFUL), (long)(BinaryPrimitives.ReadUInt64BigEndian(data) >> 34)),
            12 => (BinaryPrimitives.ReadInt64BigEndian(data[4..]), BinaryPrimitives.ReadUInt32BigEndian(data)),
            _ => throw reader.Error("A timestamp extension has 4, 8 or 12 bytes."),
        };
        if (nanoseconds > 999_999_999 || seconds < MinSeconds || seconds > MaxSeconds)
        {
            throw reader.Error("The timestamp is out of the range of DateTime.");
        }

        value = new DateTime(DateTime.UnixEpoch.Ticks + seconds * TimeSpan.TicksPerSecond + nanoseconds / 100, DateTimeKind.Utc);
        return true;
    }
}
