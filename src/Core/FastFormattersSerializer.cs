using System.Buffers;
using System.IO.Pipelines;
using System.Text.Json;
using FastFormatters.Buffers;
using FastFormatters.Serialization;

namespace FastFormatters;

/// <summary>
/// The FastFormatters serializers without ASP.NET Core: JSON, JMC1 and MessagePack to an
/// <see cref="IBufferWriter{T}"/>, a <see cref="Stream"/> or a <see cref="PipeWriter"/>, and back from bytes, a
/// <see cref="Stream"/> or a <see cref="PipeReader"/> — for message queues, caches and tests — with the same contracts,
/// limits and errors as the formatters: the same options give the same bytes. Malformed input is a
/// <see cref="FormatReadException"/>. Build one per set of options and keep it: converters are built once per type.
/// </summary>
public sealed class FastFormattersSerializer
{
    private readonly FastSerializer _serializer;
    private readonly FastSerializerOptions _options;

    /// <param name="options">The library's options; the defaults when null.</param>
    /// <param name="jsonOptions">
    /// The System.Text.Json options the JSON contract follows (with <see cref="Json.JsonContract.SystemTextJson"/>):
    /// ASP.NET Core's web defaults when null.
    /// </param>
    public FastFormattersSerializer(FastSerializerOptions? options = null, JsonSerializerOptions? jsonOptions = null)
    {
        _options = options ?? new FastSerializerOptions();
        _serializer = new FastSerializer(_options, jsonOptions);
    }

    /// <summary>
    /// The JSON Schema (draft 2020-12) of what this serializer writes for <paramref name="type"/> in
    /// <paramref name="format"/>, built from the same converters that write it; named object, union and enum schemas are
    /// under <c>$defs</c>. JSON and JMC1 carry the same data and have the same schema; MessagePack is described decoded:
    /// maps as objects with text keys, binary as base64 text, timestamps as date-time text.
    /// </summary>
    /// <exception cref="NotSupportedException"><paramref name="type"/> cannot be serialized.</exception>
    public System.Text.Json.Nodes.JsonObject GetJsonSchema(FastFormat format, Type type)
    {
        ArgumentNullException.ThrowIfNull(type);
        return _serializer.CreateSchemaBuilder(format == FastFormat.MessagePack).Document(type);
    }

    /// <summary>Writes <paramref name="value"/> in <paramref name="format"/>.</summary>
    public void Serialize<T>(FastFormat format, IBufferWriter<byte> output, T value)
    {
        ArgumentNullException.ThrowIfNull(output);
        switch (format)
        {
            case FastFormat.Json:
                _serializer.SerializeJson(output, value);
                break;
            case FastFormat.Jsonc:
                _serializer.SerializeJmc(output, value);
                break;
            case FastFormat.MessagePack:
                _serializer.SerializeMessagePack(output, value);
                break;
            default:
                throw new ArgumentOutOfRangeException(nameof(format), format, null);
        }
    }

    /// <summary>Writes <paramref name="value"/>, declared as <paramref name="type"/>, in <paramref name="format"/>.</summary>
    public void Serialize(FastFormat format, IBufferWriter<byte> output, object? value, Type type)
    {
        ArgumentNullException.ThrowIfNull(output);
        ArgumentNullException.ThrowIfNull(type);
        switch (format)
        {
            case FastFormat.Json:
                _serializer.SerializeJson(output, value, type);
                break;
            case FastFormat.Jsonc:
                _serializer.SerializeJmc(output, value, type);
                break;
            case FastFormat.MessagePack:
                _serializer.SerializeMessagePack(output, value, type);
                break;
            default:
                throw new ArgumentOutOfRangeException(nameof(format), format, null);
        }
    }

    /// <summary>Writes <paramref name="value"/> into <paramref name="output"/> and flushes it.</summary>
    public async ValueTask SerializeAsync<T>(FastFormat format, PipeWriter output, T value, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(output);
        Serialize(format, output, value);
        await output.FlushAsync(cancellationToken).ConfigureAwait(false);
    }

    /// <summary>Writes <paramref name="value"/> to <paramref name="output"/>, from pooled buffers.</summary>
    public async ValueTask SerializeAsync<T>(FastFormat format, Stream output, T value, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(output);
        using var buffer = new PooledBufferWriter(16 * 1024);
        Serialize(format, buffer, value);
        await buffer.CopyToAsync(output, cancellationToken).ConfigureAwait(false);
    }

    /// <summary>Reads one <typeparamref name="T"/> in <paramref name="format"/> from the whole of <paramref name="data"/>.</summary>
    /// <exception cref="FormatReadException">The data is not a valid <typeparamref name="T"/> in that format.</exception>
    public T Deserialize<T>(FastFormat format, ReadOnlySpan<byte> data) => format switch
    {
        FastFormat.Json => _serializer.DeserializeJson<T>(data),
        FastFormat.Jsonc => _serializer.DeserializeJmc<T>(data),
        FastFormat.MessagePack => _serializer.DeserializeMessagePack<T>(data),
        _ => throw new ArgumentOutOfRangeException(nameof(format), format, null),
    };

    /// <summary>Reads one value of <paramref name="type"/> in <paramref name="format"/> from the whole of <paramref name="data"/>.</summary>
    /// <exception cref="FormatReadException">The data is not a valid value of that type in that format.</exception>
    public object? Deserialize(FastFormat format, ReadOnlySpan<byte> data, Type type)
    {
        ArgumentNullException.ThrowIfNull(type);
        return format switch
        {
            FastFormat.Json => _serializer.DeserializeJson(data, type),
            FastFormat.Jsonc => _serializer.DeserializeJmc(data, type),
            FastFormat.MessagePack => _serializer.DeserializeMessagePack(data, type),
            _ => throw new ArgumentOutOfRangeException(nameof(format), format, null),
        };
    }

    /// <inheritdoc cref="Deserialize{T}(FastFormat, ReadOnlySpan{byte})"/>
    public T Deserialize<T>(FastFormat format, in ReadOnlySequence<byte> data)
    {
        if (data.IsSingleSegment)
        {
            return Deserialize<T>(format, data.FirstSpan);
        }

        byte[] contiguous = ArrayPool<byte>.Shared.Rent(checked((int)data.Length));
        try
        {
            data.CopyTo(contiguous);
            return Deserialize<T>(format, contiguous.AsSpan(0, (int)data.Length));
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(contiguous);
        }
    }

    /// <summary>
    /// Reads <paramref name="input"/> to its end and then one <typeparamref name="T"/> from it. Input longer than the
    /// format's <c>MaxRequestBodySize</c> (in <see cref="FastSerializerOptions.Json"/>,
    /// <see cref="FastSerializerOptions.Jsonc"/> or <see cref="FastSerializerOptions.MessagePack"/>, when set) is refused
    /// as soon as it is.
    /// </summary>
    /// <exception cref="FormatReadException">The input is too long, or not a valid <typeparamref name="T"/>.</exception>
    public async ValueTask<T> DeserializeAsync<T>(FastFormat format, PipeReader input, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(input);
        long limit = Limit(format);
        while (true)
        {
            var result = await input.ReadAsync(cancellationToken).ConfigureAwait(false);
            if (result.Buffer.Length > limit)
            {
                input.AdvanceTo(result.Buffer.Start);
                throw TooLong(format, limit);
            }

            if (result.IsCompleted || result.IsCanceled)
            {
                try
                {
                    return Deserialize<T>(format, result.Buffer);
                }
                finally
                {
                    input.AdvanceTo(result.Buffer.End);
                }
            }

            input.AdvanceTo(result.Buffer.Start, result.Buffer.End);
        }
    }

    /// <inheritdoc cref="DeserializeAsync{T}(FastFormat, PipeReader, CancellationToken)"/>
    public async ValueTask<T> DeserializeAsync<T>(FastFormat format, Stream input, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(input);
        var reader = PipeReader.Create(input, new StreamPipeReaderOptions(leaveOpen: true));
        try
        {
            return await DeserializeAsync<T>(format, reader, cancellationToken).ConfigureAwait(false);
        }
        finally
        {
            // Returns the reader's pooled buffers; the stream stays open, as the caller owns it.
            await reader.CompleteAsync().ConfigureAwait(false);
        }
    }

    private long Limit(FastFormat format)
        => (format switch
        {
            FastFormat.Json => _options.Json.MaxRequestBodySize,
            FastFormat.Jsonc => _options.Jsonc.MaxRequestBodySize,
            _ => _options.MessagePack.MaxRequestBodySize,
        }) ?? Array.MaxLength;

    private static FormatReadException TooLong(FastFormat format, long limit)
        => new(Name(format), $"The input is longer than the {limit} bytes allowed.", limit);

    private static string Name(FastFormat format) => format switch
    {
        FastFormat.Json => Json.JsonFormat.Name,
        FastFormat.Jsonc => Jmc.JmcFormat.Name,
        _ => MessagePack.MessagePackFormat.Name,
    };
}
