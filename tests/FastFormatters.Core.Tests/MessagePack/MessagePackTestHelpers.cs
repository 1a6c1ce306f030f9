using System.Buffers;
using System.Text;
using FastFormatters.MessagePack;
using FastFormatters.Serialization;

namespace FastFormatters.Core.Tests.MessagePack;

/// <summary>Writes through a <see cref="FastMessagePackWriter"/> passed by reference.</summary>
internal delegate void WriterAction(ref FastMessagePackWriter writer);

/// <summary>Shared setup for the MessagePack tests: one serializer per options, bytes in and out, hex.</summary>
internal static class MsgPackTestHelpers
{
    private static readonly FastSerializer s_default = new(SuiteOptions.Create());

    public static FastSerializer Serializer(FastSerializerOptions? options = null)
        => options is null ? s_default : new FastSerializer(options);

    public static FastSerializerOptions Options(Action<FastSerializerOptions> configure)
    {
        var options = SuiteOptions.Create();
        configure(options);
        return options;
    }

    public static byte[] Serialize<T>(T value, FastSerializerOptions? options = null) => Serialize(Serializer(options), value);

    public static byte[] Serialize<T>(FastSerializer serializer, T value)
    {
        var buffer = new ArrayBufferWriter<byte>();
        serializer.SerializeMessagePack(buffer, value);
        return buffer.WrittenSpan.ToArray();
    }

    public static byte[] SerializeBoxed(object? value, Type type, FastSerializerOptions? options = null)
    {
        var buffer = new ArrayBufferWriter<byte>();
        Serializer(options).SerializeMessagePack(buffer, value, type);
        return buffer.WrittenSpan.ToArray();
    }

    public static string SerializeJson<T>(T value, FastSerializerOptions? options = null)
    {
        var buffer = new ArrayBufferWriter<byte>();
        Serializer(options).SerializeJson(buffer, value);
        return Encoding.UTF8.GetString(buffer.WrittenSpan);
    }

    public static T Deserialize<T>(byte[] data, FastSerializerOptions? options = null) => Serializer(options).DeserializeMessagePack<T>(data);

    public static object? DeserializeBoxed(byte[] data, Type type, FastSerializerOptions? options = null)
        => Serializer(options).DeserializeMessagePack(data, type);

    /// <summary>Serializes, reads back (generic and boxed entry points agree), returns what was read.</summary>
    public static T RoundTrip<T>(T value, FastSerializerOptions? options = null)
    {
        byte[] bytes = Serialize(value, options);
        Assert.Equal(bytes, SerializeBoxed(value, typeof(T), options));
        var read = Deserialize<T>(bytes, options);
        var boxed = DeserializeBoxed(bytes, typeof(T), options);
        Assert.Equal(Hex(Serialize(read, options)), Hex(Serialize((T)boxed!, options)));
        return read;
    }

    /// <summary>Asserts the exact bytes of <paramref name="value"/> and that they read back equal.</summary>
    public static void AssertRoundTrip<T>(T value, string expectedHex, FastSerializerOptions? options = null)
    {
        Assert.Equal(Normalize(expectedHex), Hex(Serialize(value, options)));
        Assert.Equal(value, RoundTrip(value, options));
    }

    public static void AssertRoundTrip<T>(T value, FastSerializerOptions? options = null) => Assert.Equal(value, RoundTrip(value, options));

    /// <summary>Asserts that reading <paramref name="data"/> as <typeparamref name="T"/> fails with a MessagePack <see cref="FormatReadException"/>.</summary>
    public static FormatReadException ReadFails<T>(byte[] data, FastSerializerOptions? options = null)
    {
        var exception = Assert.Throws<FormatReadException>(() => Deserialize<T>(data, options));
        Assert.Equal("msgpack", exception.Format);
        return exception;
    }

    public static FormatReadException ReadFails(byte[] data, Type type, FastSerializerOptions? options = null)
    {
        var exception = Assert.Throws<FormatReadException>(() => DeserializeBoxed(data, type, options));
        Assert.Equal("msgpack", exception.Format);
        return exception;
    }

    /// <summary>Bytes from hex, spaces ignored: <c>"cd 01 00"</c>.</summary>
    public static byte[] Bytes(string hex) => Convert.FromHexString(Normalize(hex));

    /// <summary>Lower-case hex without spaces.</summary>
    public static string Hex(ReadOnlySpan<byte> bytes) => Convert.ToHexStringLower(bytes);

    public static string Normalize(string hex) => hex.Replace(" ", string.Empty, StringComparison.Ordinal).ToLowerInvariant();

    public static byte[] Concat(params byte[][] parts) => parts.SelectMany(part => part).ToArray();

    public static byte[] Repeat(byte[] unit, int count)
    {
        var result = new byte[unit.Length * count];
        for (int i = 0; i < count; i++)
        {
            unit.CopyTo(result, i * unit.Length);
        }

        return result;
    }

    /// <summary>What <see cref="FastMessagePackWriter"/> writes for <paramref name="action"/>.</summary>
    public static byte[] Write(WriterAction action, int maxDepth = 500)
    {
        var buffer = new ArrayBufferWriter<byte>();
        var writer = new FastMessagePackWriter(buffer, maxDepth);
        action(ref writer);
        writer.Flush();
        return buffer.WrittenSpan.ToArray();
    }

    /// <summary>The header of a str of <paramref name="length"/> bytes, per the spec.</summary>
    public static string StrHeader(int length) => length switch
    {
        <= 31 => (0xa0 | length).ToString("x2"),
        <= 0xff => "d9" + length.ToString("x2"),
        <= 0xffff => "da" + length.ToString("x4"),
        _ => "db" + length.ToString("x8"),
    };

    /// <summary>A MessagePack string, encoded by the spec (independently of the library).</summary>
    public static string Str(string text)
    {
        byte[] utf8 = Encoding.UTF8.GetBytes(text);
        return StrHeader(utf8.Length) + Hex(utf8);
    }
}
