using System.Buffers;
using FastFormatters.Buffers;
using FastFormatters.Jmc;
using FastFormatters.Json;
using FastFormatters.MessagePack;
using Microsoft.Extensions.Options;

namespace FastFormatters.Serialization;

/// <summary>
/// The serializers for one set of options: the converter cache and the entry points the formatters call. Registered
/// as a singleton by <c>AddFastFormatters</c>.
/// </summary>
internal sealed class FastSerializer
{
    public FastSerializer(IOptions<FastFormattersOptions> options)
        : this(options.Value)
    {
    }

    public FastSerializer(FastFormattersOptions options)
    {
        Settings = new SerializerSettings(options);
        Resolver = new ConverterResolver(Settings);
    }

    public SerializerSettings Settings { get; }

    public ConverterResolver Resolver { get; }

    public void SerializeJson(IBufferWriter<byte> output, object? value, Type type)
        => SerializeText(output, Resolver.GetConverter(type), value, jmc: false, Settings.MaxDepth);

    public void SerializeJson<T>(IBufferWriter<byte> output, T value) => SerializeText(output, value, jmc: false, Settings.MaxDepth);

    /// <summary>Writes a JMC1 document: the header, then the value with its length comments.</summary>
    public void SerializeJmc(IBufferWriter<byte> output, object? value, Type type)
    {
        output.Write(Jmc1.Header);
        SerializeText(output, Resolver.GetConverter(type), value, jmc: true, Settings.MaxDepth);
    }

    /// <inheritdoc cref="SerializeJmc(IBufferWriter{byte}, object?, Type)"/>
    public void SerializeJmc<T>(IBufferWriter<byte> output, T value)
    {
        output.Write(Jmc1.Header);
        SerializeText(output, value, jmc: true, Settings.MaxDepth);
    }

    /// <summary>Writes one element of a streamed top-level array: one level of depth is the array's.</summary>
    public void SerializeTextElement<T>(IBufferWriter<byte> output, T value, bool jmc)
        => SerializeText(output, value, jmc, Settings.MaxDepth - 1);

    /// <exception cref="FormatReadException">The input is not valid JSON for <paramref name="type"/>.</exception>
    public object? DeserializeJson(ReadOnlySpan<byte> utf8, Type type) => DeserializeText(utf8, Resolver.GetConverter(type), jmc: false);

    /// <exception cref="FormatReadException">The input is not valid JSON for <typeparamref name="T"/>.</exception>
    public T DeserializeJson<T>(ReadOnlySpan<byte> utf8) => DeserializeText<T>(utf8, jmc: false);

    /// <exception cref="FormatReadException">The input is not a valid JMC1 document of <paramref name="type"/>.</exception>
    public object? DeserializeJmc(ReadOnlySpan<byte> data, Type type) => DeserializeText(data, Resolver.GetConverter(type), jmc: true);

    /// <exception cref="FormatReadException">The input is not a valid JMC1 document of <typeparamref name="T"/>.</exception>
    public T DeserializeJmc<T>(ReadOnlySpan<byte> data) => DeserializeText<T>(data, jmc: true);

    /// <summary>Writes <paramref name="value"/> as MessagePack, LZ4-compressed when the options say so.</summary>
    public void SerializeMessagePack(IBufferWriter<byte> output, object? value, Type type)
        => SerializeMessagePack(output, Resolver.GetConverter(type), value);

    /// <inheritdoc cref="SerializeMessagePack(IBufferWriter{byte}, object?, Type)"/>
    public void SerializeMessagePack<T>(IBufferWriter<byte> output, T value)
        => SerializeMessagePack(output, Resolver.GetConverter<T>(), value);

    /// <summary>Reads MessagePack, plain or LZ4-compressed (<c>Lz4BlockArray</c>), whatever the output option.</summary>
    /// <exception cref="FormatReadException">The input is not valid MessagePack for <paramref name="type"/>.</exception>
    public object? DeserializeMessagePack(ReadOnlySpan<byte> data, Type type)
        => Lz4BlockArray.IsFramed(data) ? DeserializeCompressedMessagePack(data, type) : DeserializePlainMessagePack(data, type);

    /// <inheritdoc cref="DeserializeMessagePack(ReadOnlySpan{byte}, Type)"/>
    public T DeserializeMessagePack<T>(ReadOnlySpan<byte> data)
    {
        if (Lz4BlockArray.IsFramed(data))
        {
            return (T)DeserializeCompressedMessagePack(data, typeof(T))!;
        }

        var reader = new MessagePackReader(data, Settings.MessagePackMaxDepth, Settings.RejectDuplicateKeys);
        var value = Resolver.GetConverter<T>().ReadMessagePack(ref reader);
        reader.EnsureEndOfInput();
        return value;
    }

    /// <summary>Writes one element of a streamed top-level array: one level of depth is the array's.</summary>
    public void SerializeMessagePackElement<T>(IBufferWriter<byte> output, T value)
    {
        var writer = new MessagePackWriter(output, Settings.MessagePackMaxDepth - 1);
        Resolver.GetConverter<T>().WriteMessagePack(ref writer, value);
        writer.Flush();
    }

    // Decompressed once: what comes out is read as plain MessagePack, so a frame inside a frame is not expanded again.
    private object? DeserializeCompressedMessagePack(ReadOnlySpan<byte> data, Type type)
    {
        byte[] decompressed = Lz4BlockArray.Decompress(data, Settings.MessagePackMaxDecompressedSize, out int length);
        try
        {
            return DeserializePlainMessagePack(decompressed.AsSpan(0, length), type);
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(decompressed);
        }
    }

    private object? DeserializePlainMessagePack(ReadOnlySpan<byte> data, Type type)
    {
        var reader = new MessagePackReader(data, Settings.MessagePackMaxDepth, Settings.RejectDuplicateKeys);
        var value = Resolver.GetConverter(type).ReadMessagePackBoxed(ref reader);
        reader.EnsureEndOfInput();
        return value;
    }

    private void SerializeMessagePack(IBufferWriter<byte> output, ValueConverter converter, object? value)
    {
        if (Settings.MessagePackCompression == MessagePackCompression.None)
        {
            var writer = new MessagePackWriter(output, Settings.MessagePackMaxDepth);
            converter.WriteMessagePackBoxed(ref writer, value);
            writer.Flush();
            return;
        }

        using var plain = new PooledBufferWriter(16 * 1024);
        var plainWriter = new MessagePackWriter(plain, Settings.MessagePackMaxDepth);
        converter.WriteMessagePackBoxed(ref plainWriter, value);
        plainWriter.Flush();
        Lz4BlockArray.Write(plain, output);
    }

    private static void SerializeText(IBufferWriter<byte> output, ValueConverter converter, object? value, bool jmc, int maxDepth)
    {
        var writer = new JsonWriter(output, maxDepth, jmc);
        converter.WriteJsonBoxed(ref writer, value);
        writer.Flush();
    }

    private void SerializeText<T>(IBufferWriter<byte> output, T value, bool jmc, int maxDepth)
    {
        var writer = new JsonWriter(output, maxDepth, jmc);
        Resolver.GetConverter<T>().WriteJson(ref writer, value);
        writer.Flush();
    }

    private object? DeserializeText(ReadOnlySpan<byte> data, ValueConverter converter, bool jmc)
    {
        var reader = new JsonReader(data, Settings.MaxDepth, jmc, Settings.RejectDuplicateKeys);
        try
        {
            var value = converter.ReadJsonBoxed(ref reader);
            reader.EnsureEndOfInput();
            return value;
        }
        finally
        {
            reader.Dispose();
        }
    }

    private T DeserializeText<T>(ReadOnlySpan<byte> data, bool jmc)
    {
        var reader = new JsonReader(data, Settings.MaxDepth, jmc, Settings.RejectDuplicateKeys);
        try
        {
            var value = Resolver.GetConverter<T>().ReadJson(ref reader);
            reader.EnsureEndOfInput();
            return value;
        }
        finally
        {
            reader.Dispose();
        }
    }
}
