using System.Buffers;
using FastFormatters.Buffers;
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
    {
        var writer = new JsonWriter(output, Settings.MaxDepth);
        Resolver.GetConverter(type).WriteJsonBoxed(ref writer, value);
        writer.Flush();
    }

    public void SerializeJson<T>(IBufferWriter<byte> output, T value)
    {
        var writer = new JsonWriter(output, Settings.MaxDepth);
        Resolver.GetConverter<T>().WriteJson(ref writer, value);
        writer.Flush();
    }

    /// <exception cref="FormatReadException">The input is not valid JSON for <paramref name="type"/>.</exception>
    public object? DeserializeJson(ReadOnlySpan<byte> utf8, Type type)
    {
        var reader = new JsonReader(utf8, Settings.MaxDepth);
        try
        {
            var value = Resolver.GetConverter(type).ReadJsonBoxed(ref reader);
            reader.EnsureEndOfInput();
            return value;
        }
        finally
        {
            reader.Dispose();
        }
    }

    /// <exception cref="FormatReadException">The input is not valid JSON for <typeparamref name="T"/>.</exception>
    public T DeserializeJson<T>(ReadOnlySpan<byte> utf8)
    {
        var reader = new JsonReader(utf8, Settings.MaxDepth);
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

    /// <summary>Writes <paramref name="value"/> as MessagePack, LZ4-compressed when the options say so.</summary>
    public void SerializeMessagePack(IBufferWriter<byte> output, object? value, Type type)
        => SerializeMessagePack(output, Resolver.GetConverter(type), value);

    /// <inheritdoc cref="SerializeMessagePack(IBufferWriter{byte}, object?, Type)"/>
    public void SerializeMessagePack<T>(IBufferWriter<byte> output, T value)
        => SerializeMessagePack(output, Resolver.GetConverter<T>(), value);

    /// <summary>Reads MessagePack, plain or LZ4-compressed (<c>Lz4BlockArray</c>), whatever the output option.</summary>
    /// <exception cref="FormatReadException">The input is not valid MessagePack for <paramref name="type"/>.</exception>
    public object? DeserializeMessagePack(ReadOnlySpan<byte> data, Type type)
    {
        if (Lz4BlockArray.IsFramed(data))
        {
            byte[] decompressed = Lz4BlockArray.Decompress(data, Settings.MessagePackMaxDecompressedSize, out int length);
            try
            {
                return DeserializeMessagePack(decompressed.AsSpan(0, length), type);
            }
            finally
            {
                ArrayPool<byte>.Shared.Return(decompressed);
            }
        }

        var reader = new MessagePackReader(data, Settings.MessagePackMaxDepth);
        var value = Resolver.GetConverter(type).ReadMessagePackBoxed(ref reader);
        reader.EnsureEndOfInput();
        return value;
    }

    /// <inheritdoc cref="DeserializeMessagePack(ReadOnlySpan{byte}, Type)"/>
    public T DeserializeMessagePack<T>(ReadOnlySpan<byte> data)
    {
        if (Lz4BlockArray.IsFramed(data))
        {
            return (T)DeserializeMessagePack(data, typeof(T))!;
        }

        var reader = new MessagePackReader(data, Settings.MessagePackMaxDepth);
        var value = Resolver.GetConverter<T>().ReadMessagePack(ref reader);
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
}
