using System.Buffers;
using System.Text.Json;
using MessagePack;
using MessagePack.Resolvers;

namespace FastFormatters.Benchmarks.Infrastructure;

/// <summary>The serializers every benchmark compares, configured once so they read and write the same member names.</summary>
internal static class Serializers
{
    /// <summary>System.Text.Json by reflection, stock options: names from <c>[JsonPropertyName]</c>, else as declared.</summary>
    public static readonly JsonSerializerOptions Stj = new();

    /// <summary>
    /// FastFormatters through its public serializer, its JSON contract following the same System.Text.Json options as
    /// <see cref="Stj"/>, so both write the same document.
    /// </summary>
    public static readonly FastFormattersSerializer Fast = new(jsonOptions: Stj);

    /// <summary>
    /// MessagePack-CSharp for plain classes, as its MVC formatter is usually configured: every public member, keyed by
    /// its CLR name. It does not read <c>[JsonPropertyName]</c>, so its keys are not FastFormatters' (CITM differs in
    /// case only, Twitter's snake_case names are longer); the setups print each format's size.
    /// </summary>
    public static readonly MessagePackSerializerOptions MessagePackCSharp = ContractlessStandardResolver.Options;

    public static byte[] FastJson<T>(T value)
    {
        var buffer = new ArrayBufferWriter<byte>();
        Fast.Serialize(FastFormat.Json, buffer, value);
        return buffer.WrittenSpan.ToArray();
    }

    public static byte[] FastJmc<T>(T value)
    {
        var buffer = new ArrayBufferWriter<byte>();
        Fast.Serialize(FastFormat.Jsonc, buffer, value);
        return buffer.WrittenSpan.ToArray();
    }

    public static byte[] FastMessagePack<T>(T value)
    {
        var buffer = new ArrayBufferWriter<byte>();
        Fast.Serialize(FastFormat.MessagePack, buffer, value);
        return buffer.WrittenSpan.ToArray();
    }

    public static byte[] StjJson<T>(T value) => JsonSerializer.SerializeToUtf8Bytes(value, Stj);

    public static byte[] MessagePackCSharpBytes<T>(T value) => MessagePackSerializer.Serialize(value, MessagePackCSharp);
}

/// <summary>
/// The reused output of the serialize benchmarks: one growable buffer, reset before each write, and a
/// <see cref="Utf8JsonWriter"/> over it for System.Text.Json (reset too), configured as System.Text.Json configures
/// the writers it creates itself (default encoder, no validation).
/// </summary>
internal sealed class ReusedOutput
{
    public ReusedOutput(int capacity)
    {
        Buffer = new ArrayBufferWriter<byte>(Math.Max(capacity, 256));
        JsonWriter = new Utf8JsonWriter(Buffer, new JsonWriterOptions { SkipValidation = true });
    }

    public ArrayBufferWriter<byte> Buffer { get; }

    public Utf8JsonWriter JsonWriter { get; }

    /// <summary>Empties the buffer and returns it.</summary>
    public ArrayBufferWriter<byte> Reset()
    {
        Buffer.ResetWrittenCount();
        return Buffer;
    }

    /// <summary>Empties the buffer and returns the System.Text.Json writer over it.</summary>
    public Utf8JsonWriter ResetJsonWriter()
    {
        Buffer.ResetWrittenCount();
        JsonWriter.Reset();
        return JsonWriter;
    }
}
