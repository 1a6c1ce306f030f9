using System.Buffers;
using MessagePack;
using MessagePack.Resolvers;

namespace FastFormatters.Compatibility.Tests;

/// <summary>
/// A number in any of MessagePack's encodings (the smallest one, every wider integer format that holds it, float32 and
/// float64) is read into every numeric type as MessagePack-CSharp 2.5.307 reads it: both read the same value, or both
/// refuse it.
/// </summary>
public sealed class NumberEncodingTests
{
    private static readonly FastFormattersSerializer s_fast = new();

    private static readonly long[] s_signed =
    [
        0, 1, -1, 31, -32, -33, 127, 128, -128, -129, 255, 256, 32767, 32768, -32768, -32769, 65535, 65536,
        int.MaxValue, (long)int.MaxValue + 1, int.MinValue, (long)int.MinValue - 1, uint.MaxValue, (long)uint.MaxValue + 1,
        long.MaxValue, long.MinValue,
    ];

    [Fact]
    public void Every_encoding_of_a_number_reads_into_every_numeric_type_as_MessagePack_CSharp_reads_it()
    {
        var differences = new List<string>();
        foreach (var (label, body) in Encodings())
        {
            Compare<sbyte>(label, body, differences);
            Compare<byte>(label, body, differences);
            Compare<short>(label, body, differences);
            Compare<ushort>(label, body, differences);
            Compare<int>(label, body, differences);
            Compare<uint>(label, body, differences);
            Compare<long>(label, body, differences);
            Compare<ulong>(label, body, differences);
            Compare<float>(label, body, differences);
            Compare<double>(label, body, differences);
            Compare<char>(label, body, differences);
            Compare<bool>(label, body, differences);
        }

        Assert.True(differences.Count == 0, string.Join("\n", differences.Take(60)));
    }

    private static IEnumerable<(string Label, byte[] Body)> Encodings()
    {
        foreach (long value in s_signed)
        {
            yield return ($"{value} (smallest)", Encode(writer => writer.Write(value)));
            if (value >= 0)
            {
                if (value <= byte.MaxValue)
                {
                    yield return ($"{value} as uint8", Encode(writer => writer.WriteUInt8((byte)value)));
                }

                if (value <= ushort.MaxValue)
                {
                    yield return ($"{value} as uint16", Encode(writer => writer.WriteUInt16((ushort)value)));
                }

                if (value <= uint.MaxValue)
                {
                    yield return ($"{value} as uint32", Encode(writer => writer.WriteUInt32((uint)value)));
                }

                yield return ($"{value} as uint64", Encode(writer => writer.WriteUInt64((ulong)value)));
            }

            if (value is >= sbyte.MinValue and <= sbyte.MaxValue)
            {
                yield return ($"{value} as int8", Encode(writer => writer.WriteInt8((sbyte)value)));
            }

            if (value is >= short.MinValue and <= short.MaxValue)
            {
                yield return ($"{value} as int16", Encode(writer => writer.WriteInt16((short)value)));
            }

            if (value is >= int.MinValue and <= int.MaxValue)
            {
                yield return ($"{value} as int32", Encode(writer => writer.WriteInt32((int)value)));
            }

            yield return ($"{value} as int64", Encode(writer => writer.WriteInt64(value)));
            yield return ($"{value} as float32", Encode(writer => writer.Write((float)value)));
            yield return ($"{value} as float64", Encode(writer => writer.Write((double)value)));
        }

        yield return ("ulong.MaxValue", Encode(writer => writer.Write(ulong.MaxValue)));
        foreach (double real in new[] { 0.5, -0.5, 1.5, double.NaN, double.PositiveInfinity, 1e300, -0.0 })
        {
            yield return ($"{real} as float64", Encode(writer => writer.Write(real)));
            yield return ($"{real} as float32", Encode(writer => writer.Write((float)real)));
        }
    }

    private static byte[] Encode(Action<MessagePackWriter> write)
    {
        var buffer = new ArrayBufferWriter<byte>();
        var writer = new MessagePackWriter(buffer);
        write(writer);
        writer.Flush();
        return buffer.WrittenSpan.ToArray();
    }

    private static void Compare<T>(string label, byte[] body, List<string> differences)
    {
        string reference = Read(() => MessagePackSerializer.Deserialize<T>(body, StandardResolver.Options));
        string ours = Read(() => s_fast.Deserialize<T>(FastFormat.MessagePack, body));
        if (reference != ours)
        {
            differences.Add($"{typeof(T).Name} from {label}: MessagePack-CSharp {reference}, FastFormatters {ours}");
        }
    }

    private static string Read<T>(Func<T> read)
    {
        try
        {
            return read() is IFormattable number ? number.ToString("R", System.Globalization.CultureInfo.InvariantCulture) : read()!.ToString()!;
        }
        catch (Exception ex) when (ex is MessagePackSerializationException or FormatReadException)
        {
            return "refused";
        }
    }
}
