using System.Buffers;
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

    public void SerializeMessagePack(IBufferWriter<byte> output, object? value, Type type)
    {
        var writer = new MessagePackWriter(output, Settings.MessagePackMaxDepth);
        Resolver.GetConverter(type).WriteMessagePackBoxed(ref writer, value);
        writer.Flush();
    }

    public void SerializeMessagePack<T>(IBufferWriter<byte> output, T value)
    {
        var writer = new MessagePackWriter(output, Settings.MessagePackMaxDepth);
        Resolver.GetConverter<T>().WriteMessagePack(ref writer, value);
        writer.Flush();
    }

    /// <exception cref="FormatReadException">The input is not valid MessagePack for <paramref name="type"/>.</exception>
    public object? DeserializeMessagePack(ReadOnlySpan<byte> data, Type type)
    {
        var reader = new MessagePackReader(data, Settings.MessagePackMaxDepth);
        var value = Resolver.GetConverter(type).ReadMessagePackBoxed(ref reader);
        reader.EnsureEndOfInput();
        return value;
    }

    /// <exception cref="FormatReadException">The input is not valid MessagePack for <typeparamref name="T"/>.</exception>
    public T DeserializeMessagePack<T>(ReadOnlySpan<byte> data)
    {
        var reader = new MessagePackReader(data, Settings.MessagePackMaxDepth);
        var value = Resolver.GetConverter<T>().ReadMessagePack(ref reader);
        reader.EnsureEndOfInput();
        return value;
    }
}
