using System.Buffers;
using System.Buffers.Binary;

namespace FastFormatters.MessagePack;

/// <summary>
/// Where one MessagePack value ends in input that may not have arrived whole: a sequence of top-level values read as
/// it streams in is cut into values by their headers alone. Nothing is decoded and nothing throws; the value's own read
/// checks the rest (UTF-8, depth, what the target type accepts).
/// </summary>
internal static class MessagePackFraming
{
    /// <summary>
    /// Measures the value that starts <paramref name="data"/>: <see cref="OperationStatus.Done"/> with its
    /// <paramref name="length"/>; <see cref="OperationStatus.NeedMoreData"/> when <paramref name="data"/> holds only its
    /// beginning; <see cref="OperationStatus.InvalidData"/> when a byte that no value starts with stands where a value
    /// must start, so that no more data can make it valid.
    /// </summary>
    public static OperationStatus Measure(ReadOnlySpan<byte> data, out int length)
    {
        length = 0;

        // The values still to pass, counting every element and every key and value of the containers opened so far.
        // At most 2^32 per map header of five bytes, so even an array's worth of headers stays far within a long.
        long pending = 1;
        int position = 0;
        while (pending > 0)
        {
            if (position >= data.Length)
            {
                return OperationStatus.NeedMoreData;
            }

            byte code = data[position++];
            pending--;
            long payload;
            switch (code)
            {
                case <= MessagePackCode.MaxFixInt or >= MessagePackCode.MinNegativeFixInt:
                case MessagePackCode.Nil or MessagePackCode.False or MessagePackCode.True:
                    payload = 0;
                    break;
                case <= MessagePackCode.MaxFixMap:
                    pending += 2 * (code & 0x0f);
                    payload = 0;
                    break;
                case <= MessagePackCode.MaxFixArray:
                    pending += code & 0x0f;
                    payload = 0;
                    break;
                case <= MessagePackCode.MaxFixStr:
                    payload = code & 0x1f;
                    break;
                case MessagePackCode.NeverUsed:
                    return OperationStatus.InvalidData;
                case MessagePackCode.UInt8 or MessagePackCode.Int8:
                    payload = 1;
                    break;
                case MessagePackCode.UInt16 or MessagePackCode.Int16:
                    payload = 2;
                    break;
                case MessagePackCode.UInt32 or MessagePackCode.Int32 or MessagePackCode.Float32:
                    payload = 4;
                    break;
                case MessagePackCode.UInt64 or MessagePackCode.Int64 or MessagePackCode.Float64:
                    payload = 8;
                    break;
                case >= MessagePackCode.FixExt1 and <= MessagePackCode.FixExt16:
                    // The type byte, then 1, 2, 4, 8 or 16 bytes of data.
                    payload = 1 + (1 << (code - MessagePackCode.FixExt1));
                    break;
                default:
                    // A length or count of 1, 2 or 4 bytes follows the code.
                    int size = code switch
                    {
                        MessagePackCode.Bin8 or MessagePackCode.Str8 or MessagePackCode.Ext8 => 1,
                        MessagePackCode.Bin16 or MessagePackCode.Str16 or MessagePackCode.Ext16 or MessagePackCode.Array16 or MessagePackCode.Map16 => 2,
                        _ => 4,
                    };
                    if (data.Length - position < size)
                    {
                        return OperationStatus.NeedMoreData;
                    }

                    var field = data.Slice(position, size);
                    long value = size switch
                    {
                        1 => field[0],
                        2 => BinaryPrimitives.ReadUInt16BigEndian(field),
                        _ => BinaryPrimitives.ReadUInt32BigEndian(field),
                    };
                    position += size;
                    switch (code)
                    {
                        case MessagePackCode.Array16 or MessagePackCode.Array32:
                            pending += value;
                            payload = 0;
                            break;
                        case MessagePackCode.Map16 or MessagePackCode.Map32:
                            pending += 2 * value;
                            payload = 0;
                            break;
                        case MessagePackCode.Ext8 or MessagePackCode.Ext16 or MessagePackCode.Ext32:
                            payload = value + 1;
                            break;
                        default:
                            payload = value;
                            break;
                    }

                    break;
            }

            if (data.Length - position < payload)
            {
                return OperationStatus.NeedMoreData;
            }

            position += (int)payload;
        }

        length = position;
        return OperationStatus.Done;
    }
}
