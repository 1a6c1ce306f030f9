using System.Buffers;
using System.Text;
using FastFormatters.Json;
using FastFormatters.Serialization;

namespace FastFormatters.Core.Tests.Json;

/// <summary>
/// Shared setup for the JSON tests of the converters under the unified contract (<see cref="JsonContractKind.Unified"/>,
/// set on whatever options a test passes): one serializer per options, text in and out. The System.Text.Json contract
/// has its own tests (SystemTextJsonContractTests, and the integration parity suites).
/// </summary>
internal static class JsonTestHelpers
{
    private static readonly FastSerializer s_default = new(Unified(SuiteOptions.Create()));

    /// <summary>The serializer for <paramref name="options"/>; a shared one for the defaults.</summary>
    public static FastSerializer Serializer(FastSerializerOptions? options = null)
        => options is null ? s_default : new FastSerializer(Unified(options));

    // Options already used by a serializer are read-only, and already unified.
    private static FastSerializerOptions Unified(FastSerializerOptions options)
    {
        if (!options.IsReadOnly)
        {
            options.JsonContract = JsonContractKind.Unified;
        }

        return options;
    }

    public static string Serialize<T>(T value, FastSerializerOptions? options = null)
        => Encoding.UTF8.GetString(SerializeToUtf8(value, options));

    public static byte[] SerializeToUtf8<T>(T value, FastSerializerOptions? options = null)
    {
        var buffer = new ArrayBufferWriter<byte>();
        Serializer(options).SerializeJson(buffer, value);
        return buffer.WrittenSpan.ToArray();
    }

    /// <summary>Serializes through the non-generic entry point, as the MVC output formatter does.</summary>
    public static string SerializeBoxed(object? value, Type type, FastSerializerOptions? options = null)
    {
        var buffer = new ArrayBufferWriter<byte>();
        Serializer(options).SerializeJson(buffer, value, type);
        return Encoding.UTF8.GetString(buffer.WrittenSpan);
    }

    public static T Deserialize<T>(string json, FastSerializerOptions? options = null)
        => Serializer(options).DeserializeJson<T>(Encoding.UTF8.GetBytes(json));

    public static T Deserialize<T>(byte[] utf8, FastSerializerOptions? options = null)
        => Serializer(options).DeserializeJson<T>(utf8);

    public static object? DeserializeBoxed(string json, Type type, FastSerializerOptions? options = null)
        => Serializer(options).DeserializeJson(Encoding.UTF8.GetBytes(json), type);

    /// <summary>Asserts the exact JSON written for <paramref name="value"/>, then reads it back and returns the result.</summary>
    public static T RoundTrip<T>(T value, string expectedJson, FastSerializerOptions? options = null)
    {
        string json = Serialize(value, options);
        Assert.Equal(expectedJson, json);
        return Deserialize<T>(json, options);
    }

    /// <summary>Asserts the exact JSON written for <paramref name="value"/> and that reading it gives an equal value.</summary>
    public static void AssertRoundTrip<T>(T value, string expectedJson, FastSerializerOptions? options = null)
        => Assert.Equal(value, RoundTrip(value, expectedJson, options));

    /// <summary>Asserts that reading <paramref name="json"/> as <typeparamref name="T"/> fails with a <see cref="FormatReadException"/>.</summary>
    public static FormatReadException ReadFails<T>(string json, FastSerializerOptions? options = null)
    {
        var exception = Assert.Throws<FormatReadException>(() => Deserialize<T>(json, options));
        Assert.Equal("json", exception.Format);
        return exception;
    }

    public static FormatReadException ReadFails<T>(byte[] utf8, FastSerializerOptions? options = null)
    {
        var exception = Assert.Throws<FormatReadException>(() => Deserialize<T>(utf8, options));
        Assert.Equal("json", exception.Format);
        return exception;
    }

    /// <summary>Bytes from space-separated hex pairs, e.g. <c>"22 C3 28 22"</c>.</summary>
    public static byte[] Hex(string pairs)
        => pairs.Split(' ', StringSplitOptions.RemoveEmptyEntries).Select(pair => Convert.ToByte(pair, 16)).ToArray();

    public static byte[] Utf8(string text) => Encoding.UTF8.GetBytes(text);

    public static FastSerializerOptions Options(Action<FastSerializerOptions> configure)
    {
        var options = SuiteOptions.Create();
        configure(options);
        return options;
    }
}
