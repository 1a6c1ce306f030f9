using System.Buffers;
using FastFormatters.Buffers;
using FastFormatters.Jmc;
using FastFormatters.Json;
using FastFormatters.MessagePack;
using FastFormatters.Serialization.Contracts;
using Microsoft.Extensions.Options;

namespace FastFormatters.Serialization;

/// <summary>
/// The serializers for one set of options: a converter cache per contract (JSON's, which JMC1 shares, and
/// MessagePack's) and the entry points the formatters call. Registered as a singleton by <c>AddFastFormatters</c>.
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
        var jsonRules = new JsonContractRules(options.NamingPolicy, options.OmitNullMembers, options.EnumsAsNumbers);
        JsonResolver = new ConverterResolver(Settings, jsonRules);
        ContractRules messagePackRules = options.MessagePack.Contract == MessagePackContract.SameAsJson
            ? jsonRules
            : new MessagePackContractRules(enumsAsNumbers: !options.MessagePack.EnumsAsStrings);
        MessagePackResolver = new ConverterResolver(Settings, messagePackRules, [.. options.MessagePack.ExternalSerializers]);
    }

    public SerializerSettings Settings { get; }

    /// <summary>The converters of JSON and JMC1.</summary>
    public ConverterResolver JsonResolver { get; }

    /// <summary>The converters of MessagePack.</summary>
    public ConverterResolver MessagePackResolver { get; }

    public void SerializeJson(IBufferWriter<byte> output, object? value, Type type)
        => SerializeText(output, JsonResolver.GetConverter(type), value, jmc: false, Settings.MaxDepth);

    public void SerializeJson<T>(IBufferWriter<byte> output, T value) => SerializeText(output, value, jmc: false, Settings.MaxDepth);

    /// <summary>Writes a JMC1 document: the header, then the value with its length comments.</summary>
    public void SerializeJmc(IBufferWriter<byte> output, object? value, Type type)
    {
        output.Write(Jmc1.Header);
        SerializeText(output, JsonResolver.GetConverter(type), value, jmc: true, Settings.MaxDepth);
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
    public object? DeserializeJson(ReadOnlySpan<byte> utf8, Type type) => DeserializeText(utf8, JsonResolver.GetConverter(type), jmc: false);

    /// <exception cref="FormatReadException">The input is not valid JSON for <typeparamref name="T"/>.</exception>
    public T DeserializeJson<T>(ReadOnlySpan<byte> utf8) => DeserializeText<T>(utf8, jmc: false);

    /// <exception cref="FormatReadException">The input is not a valid JMC1 document of <paramref name="type"/>.</exception>
    public object? DeserializeJmc(ReadOnlySpan<byte> data, Type type) => DeserializeText(data, JsonResolver.GetConverter(type), jmc: true);

    /// <exception cref="FormatReadException">The input is not a valid JMC1 document of <typeparamref name="T"/>.</exception>
    public T DeserializeJmc<T>(ReadOnlySpan<byte> data) => DeserializeText<T>(data, jmc: true);

    /// <summary>Writes <paramref name="value"/> as MessagePack, LZ4-compressed when the options say so.</summary>
    public void SerializeMessagePack(IBufferWriter<byte> output, object? value, Type type)
        => SerializeMessagePack(output, MessagePackResolver.GetConverter(type), value, Settings.MessagePackCompression);

    /// <summary>Writes <paramref name="value"/> as MessagePack, compressed as <paramref name="compression"/> says.</summary>
    public void SerializeMessagePack(IBufferWriter<byte> output, object? value, Type type, MessagePackCompression compression)
        => SerializeMessagePack(output, MessagePackResolver.GetConverter(type), value, compression);

    /// <inheritdoc cref="SerializeMessagePack(IBufferWriter{byte}, object?, Type)"/>
    public void SerializeMessagePack<T>(IBufferWriter<byte> output, T value)
        => SerializeMessagePack(output, MessagePackResolver.GetConverter<T>(), value, Settings.MessagePackCompression);

    /// <summary>
    /// Reads MessagePack, plain or LZ4-compressed in either of MessagePack-CSharp's framings (<c>Lz4BlockArray</c>,
    /// <c>Lz4Block</c>), whatever the output option.
    /// </summary>
    /// <exception cref="FormatReadException">The input is not valid MessagePack for <paramref name="type"/>.</exception>
    public object? DeserializeMessagePack(ReadOnlySpan<byte> data, Type type)
    {
        byte[]? decompressed = Decompress(data, out int length);
        try
        {
            var reader = new MessagePackReader(decompressed is null ? data : decompressed.AsSpan(0, length), Settings.MessagePackMaxDepth, Settings.RejectDuplicateKeys);
            var value = MessagePackResolver.GetConverter(type).ReadMessagePackBoxed(ref reader);
            reader.EnsureEndOfInput();
            return value;
        }
        finally
        {
            if (decompressed is not null)
            {
                ArrayPool<byte>.Shared.Return(decompressed);
            }
        }
    }

    /// <inheritdoc cref="DeserializeMessagePack(ReadOnlySpan{byte}, Type)"/>
    public T DeserializeMessagePack<T>(ReadOnlySpan<byte> data)
    {
        byte[]? decompressed = Decompress(data, out int length);
        try
        {
            var reader = new MessagePackReader(decompressed is null ? data : decompressed.AsSpan(0, length), Settings.MessagePackMaxDepth, Settings.RejectDuplicateKeys);
            var value = MessagePackResolver.GetConverter<T>().ReadMessagePack(ref reader);
            reader.EnsureEndOfInput();
            return value;
        }
        finally
        {
            if (decompressed is not null)
            {
                ArrayPool<byte>.Shared.Return(decompressed);
            }
        }
    }

    /// <summary>Writes one element of a streamed top-level array: one level of depth is the array's.</summary>
    public void SerializeMessagePackElement<T>(IBufferWriter<byte> output, T value)
    {
        var writer = new MessagePackWriter(output, Settings.MessagePackMaxDepth - 1);
        MessagePackResolver.GetConverter<T>().WriteMessagePack(ref writer, value);
        writer.Flush();
    }

    // Decompressed once, into a pooled array: what comes out is read as plain MessagePack, so a frame inside a frame is
    // not expanded again. Null when the payload is not compressed.
    private byte[]? Decompress(ReadOnlySpan<byte> data, out int length)
    {
        if (Lz4BlockArray.IsFramed(data))
        {
            return Lz4BlockArray.Decompress(data, Settings.MessagePackMaxDecompressedSize, out length);
        }

        if (Lz4BlockExtension.IsFramed(data))
        {
            return Lz4BlockExtension.Decompress(data, Settings.MessagePackMaxDecompressedSize, out length);
        }

        length = 0;
        return null;
    }

    private void SerializeMessagePack(IBufferWriter<byte> output, ValueConverter converter, object? value, MessagePackCompression compression)
    {
        if (compression == MessagePackCompression.None)
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
        if (compression == MessagePackCompression.Lz4Block)
        {
            plain.WriteContiguous(output, Lz4BlockExtension.Write);
        }
        else
        {
            plain.WriteContiguous(output, Lz4BlockArray.Write);
        }
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
        JsonResolver.GetConverter<T>().WriteJson(ref writer, value);
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
            var value = JsonResolver.GetConverter<T>().ReadJson(ref reader);
            reader.EnsureEndOfInput();
            return value;
        }
        finally
        {
            reader.Dispose();
        }
    }
}
