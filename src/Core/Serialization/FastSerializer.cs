using System.Buffers;
using FastFormatters.Buffers;
using FastFormatters.Jmc;
using FastFormatters.Json;
using FastFormatters.Json.Converters;
using FastFormatters.MessagePack;
using FastFormatters.MessagePack.Converters;
using FastFormatters.Serialization.Contracts;
using System.Text.Json;
using Microsoft.Extensions.Logging;

namespace FastFormatters.Serialization;

/// <summary>
/// The serializers for one set of options: a converter cache per contract (JSON's, which JMC1 shares, and
/// MessagePack's) and the entry points the formatters call. Registered as a singleton by <c>AddFastFormatters</c>.
/// </summary>
internal sealed class FastSerializer
{
    private readonly FastSerializerOptions _options;
    private readonly ILogger? _logger;

    /// <param name="options">The library's options.</param>
    /// <param name="jsonOptions">
    /// The app's System.Text.Json options the JSON contract follows (with <see cref="JsonContractKind.SystemTextJson"/>);
    /// ASP.NET Core's web defaults when none are given.
    /// </param>
    /// <param name="logger">Where the types handed to System.Text.Json are named, once each.</param>
    public FastSerializer(FastSerializerOptions options, JsonSerializerOptions? jsonOptions = null, ILogger? logger = null)
    {
        _options = options;
        _logger = logger;
        Settings = new SerializerSettings(options);

        // What was read above is what this serializer runs with: a later change would be silently ignored, so it throws.
        options.MakeReadOnly();
        JsonResolver = CreateJsonResolver(jsonOptions ?? new JsonSerializerOptions(JsonSerializerDefaults.Web), out int maxDepth);
        JsonMaxDepth = maxDepth;
        ContractRules messagePackRules = options.MessagePack.Contract == MessagePackContract.SameAsJson
            ? JsonResolver.Rules
            : new MessagePackContractRules(enumsAsNumbers: !options.MessagePack.EnumsAsStrings);
        MessagePackResolver = new ConverterResolver(Settings, messagePackRules, new MessagePackConverterFamily([.. options.MessagePack.ExternalSerializers]), OnFallback);
    }

    // The same MessagePack converters and settings, another JSON contract (MVC's JsonOptions beside the minimal APIs').
    private FastSerializer(FastSerializer source, JsonSerializerOptions jsonOptions)
    {
        _options = source._options;
        _logger = source._logger;
        Settings = source.Settings;
        JsonResolver = CreateJsonResolver(jsonOptions, out int maxDepth);
        JsonMaxDepth = maxDepth;
        MessagePackResolver = source.MessagePackResolver;
    }

    public SerializerSettings Settings { get; }

    /// <summary>The deepest JSON nesting read or written: the System.Text.Json options', or the unified contract's.</summary>
    public int JsonMaxDepth { get; }

    /// <summary>
    /// This serializer with its JSON contract taken from <paramref name="jsonOptions"/> (itself when the contract is
    /// unified, or already follows those options).
    /// </summary>
    public FastSerializer WithJsonOptions(JsonSerializerOptions jsonOptions)
        => _options.JsonContract == JsonContractKind.Unified || JsonResolver.Rules is SystemTextJsonContractRules { Options: var current } && ReferenceEquals(current, jsonOptions)
            ? this
            : new FastSerializer(this, jsonOptions);

    /// <summary>
    /// A builder of the JSON Schemas of what this serializer writes in MessagePack (<paramref name="messagePack"/>) or
    /// in JSON and JMC1, which carry the same data.
    /// </summary>
    public SchemaBuilder CreateSchemaBuilder(bool messagePack, string nameSuffix = "")
        => new(messagePack ? MessagePackResolver : JsonResolver, messagePack, nameSuffix);

    private ConverterResolver CreateJsonResolver(JsonSerializerOptions jsonOptions, out int maxDepth)
    {
        if (_options.JsonContract == JsonContractKind.Unified)
        {
            maxDepth = _options.Unified.MaxDepth;
            return new ConverterResolver(Settings, new UnifiedContractRules(_options.Unified.NamingPolicy, _options.Unified.OmitNullMembers, _options.Unified.EnumsAsNumbers), JsonConverterFamily.Instance);
        }

        // System.Text.Json's own default when its options say 0.
        maxDepth = Math.Min(jsonOptions.MaxDepth == 0 ? 64 : jsonOptions.MaxDepth, FastSerializerOptions.MaxDepthLimit);
        return new ConverterResolver(Settings, new SystemTextJsonContractRules(jsonOptions), JsonConverterFamily.Instance, OnFallback);
    }

    private void OnFallback(Type type, string reason)
    {
        if (_logger is not null)
        {
            SerializationLog.ServedBySystemTextJson(_logger, type, reason);
        }
    }

    /// <summary>The converters of JSON and JMC1.</summary>
    public ConverterResolver JsonResolver { get; }

    /// <summary>The converters of MessagePack.</summary>
    public ConverterResolver MessagePackResolver { get; }

    private JsonValueConverter<T> JsonConverter<T>() => (JsonValueConverter<T>)JsonResolver.GetConverter<T>();

    private MessagePackValueConverter<T> MessagePackConverter<T>() => (MessagePackValueConverter<T>)MessagePackResolver.GetConverter<T>();

    public void SerializeJson(IBufferWriter<byte> output, object? value, Type type)
        => SerializeText(output, JsonResolver.GetConverter(type), value, jmc: false, JsonMaxDepth);

    public void SerializeJson<T>(IBufferWriter<byte> output, T value) => SerializeText(output, value, jmc: false, JsonMaxDepth);

    /// <summary>Writes a JMC1 document: the header, then the value with its length comments.</summary>
    public void SerializeJmc(IBufferWriter<byte> output, object? value, Type type)
    {
        output.Write(Jmc1.Header);
        SerializeText(output, JsonResolver.GetConverter(type), value, jmc: true, JsonMaxDepth);
    }

    /// <inheritdoc cref="SerializeJmc(IBufferWriter{byte}, object?, Type)"/>
    public void SerializeJmc<T>(IBufferWriter<byte> output, T value)
    {
        output.Write(Jmc1.Header);
        SerializeText(output, value, jmc: true, JsonMaxDepth);
    }

    /// <summary>Writes one element of a streamed top-level array: one level of depth is the array's.</summary>
    public void SerializeTextElement<T>(IBufferWriter<byte> output, T value, bool jmc)
        => SerializeText(output, value, jmc, JsonMaxDepth - 1);

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
        => SerializeMessagePack(output, MessagePackResolver.GetConverter(type), value, Settings.MessagePackCompressionMode);

    /// <summary>Writes <paramref name="value"/> as MessagePack, compressed as <paramref name="compression"/> says.</summary>
    public void SerializeMessagePack(IBufferWriter<byte> output, object? value, Type type, MessagePackCompressionMode compression)
        => SerializeMessagePack(output, MessagePackResolver.GetConverter(type), value, compression);

    /// <inheritdoc cref="SerializeMessagePack(IBufferWriter{byte}, object?, Type)"/>
    public void SerializeMessagePack<T>(IBufferWriter<byte> output, T value)
        => SerializeMessagePack(output, MessagePackConverter<T>(), value, Settings.MessagePackCompressionMode);

    /// <inheritdoc cref="SerializeMessagePack(IBufferWriter{byte}, object?, Type, MessagePackCompressionMode)"/>
    public void SerializeMessagePack<T>(IBufferWriter<byte> output, T value, MessagePackCompressionMode compression)
        => SerializeMessagePack(output, MessagePackConverter<T>(), value, compression);

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
            var reader = new FastMessagePackReader(decompressed is null ? data : decompressed.AsSpan(0, length), Settings.MessagePackMaxDepth, Settings.RejectDuplicateKeys);
            var value = ((IMessagePackValueConverter)MessagePackResolver.GetConverter(type)).ReadBoxed(ref reader);
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
            var reader = new FastMessagePackReader(decompressed is null ? data : decompressed.AsSpan(0, length), Settings.MessagePackMaxDepth, Settings.RejectDuplicateKeys);
            var value = MessagePackConverter<T>().Read(ref reader);
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
        var writer = new FastMessagePackWriter(output, Settings.MessagePackMaxDepth - 1);
        MessagePackConverter<T>().Write(ref writer, value);
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

    private void SerializeMessagePack(IBufferWriter<byte> output, ValueConverter converter, object? value, MessagePackCompressionMode compression)
    {
        if (compression == MessagePackCompressionMode.None)
        {
            var writer = new FastMessagePackWriter(output, Settings.MessagePackMaxDepth);
            ((IMessagePackValueConverter)converter).WriteBoxed(ref writer, value);
            writer.Flush();
            return;
        }

        using var plain = new PooledBufferWriter(16 * 1024);
        var plainWriter = new FastMessagePackWriter(plain, Settings.MessagePackMaxDepth);
        ((IMessagePackValueConverter)converter).WriteBoxed(ref plainWriter, value);
        plainWriter.Flush();
        plain.WriteContiguous(output, compression == MessagePackCompressionMode.Lz4Block ? Lz4BlockExtension.Write : Lz4BlockArray.Write);
    }

    /// <summary>Writes the MessagePack in <paramref name="plain"/> compressed as <paramref name="compression"/> says.</summary>
    public static void CompressMessagePack(ReadOnlySpan<byte> plain, IBufferWriter<byte> output, MessagePackCompressionMode compression)
    {
        switch (compression)
        {
            case MessagePackCompressionMode.None:
                output.Write(plain);
                break;
            case MessagePackCompressionMode.Lz4Block:
                Lz4BlockExtension.Write(plain, output);
                break;
            default:
                Lz4BlockArray.Write(plain, output);
                break;
        }
    }

    private static void SerializeText(IBufferWriter<byte> output, ValueConverter converter, object? value, bool jmc, int maxDepth)
    {
        var writer = new FastJsonWriter(output, maxDepth, jmc);
        ((IJsonValueConverter)converter).WriteBoxed(ref writer, value);
        writer.Flush();
    }

    // The app's options accept JSON the strict reader refuses (trailing commas, comments): System.Text.Json reads it all.
    private static object? ReadWholeDocument(ReadOnlySpan<byte> data, Type type, JsonSerializerOptions options)
    {
        try
        {
            return JsonSerializer.Deserialize(data, options.GetTypeInfo(type));
        }
        catch (JsonException ex)
        {
            throw new FormatReadException(Json.JsonFormat.Name, ex.Message, ex.BytePositionInLine ?? 0, ex);
        }
    }

    private void SerializeText<T>(IBufferWriter<byte> output, T value, bool jmc, int maxDepth)
    {
        var writer = new FastJsonWriter(output, maxDepth, jmc);
        JsonConverter<T>().Write(ref writer, value);
        writer.Flush();
    }

    private object? DeserializeText(ReadOnlySpan<byte> data, ValueConverter converter, bool jmc)
    {
        if (!jmc && JsonResolver.Rules is SystemTextJsonContractRules { ReadsWholeDocuments: true } systemTextJson)
        {
            return ReadWholeDocument(data, converter.Type, systemTextJson.Options);
        }

        var reader = new FastJsonReader(data, JsonMaxDepth, jmc, Settings.RejectDuplicateKeys);
        try
        {
            var value = ((IJsonValueConverter)converter).ReadBoxed(ref reader);
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
        if (!jmc && JsonResolver.Rules is SystemTextJsonContractRules { ReadsWholeDocuments: true } systemTextJson)
        {
            return (T)ReadWholeDocument(data, typeof(T), systemTextJson.Options)!;
        }

        var reader = new FastJsonReader(data, JsonMaxDepth, jmc, Settings.RejectDuplicateKeys);
        try
        {
            var value = JsonConverter<T>().Read(ref reader);
            reader.EnsureEndOfInput();
            return value;
        }
        finally
        {
            reader.Dispose();
        }
    }
}
