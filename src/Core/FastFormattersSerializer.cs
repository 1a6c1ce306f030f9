using System.Buffers;
using System.IO.Pipelines;
using System.Text.Json;
using FastFormatters.Buffers;
using FastFormatters.Jmc;
using FastFormatters.Json;
using FastFormatters.MessagePack;
using FastFormatters.Serialization;
using FastFormatters.Serialization.Contracts;
using Microsoft.Extensions.Logging;

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
    // The formats, indexed by FastFormat.
    private readonly WireFormat[] _formats;

    /// <param name="options">The library's options; the defaults when null. They are read-only from here on.</param>
    /// <param name="jsonOptions">
    /// The System.Text.Json options the JSON contract follows (with <see cref="JsonContractKind.SystemTextJson"/>):
    /// ASP.NET Core's web defaults when null.
    /// </param>
    /// <param name="logger">Where each type handed to System.Text.Json or an external serializer is named, once.</param>
    public FastFormattersSerializer(FastSerializerOptions? options = null, JsonSerializerOptions? jsonOptions = null, ILogger? logger = null)
    {
        _options = options ?? new FastSerializerOptions();
        _serializer = new FastSerializer(_options, jsonOptions, logger);
        Json = new JsonWireFormat(_serializer, _options.Json);
        Jsonc = new JmcWireFormat(_serializer, Json, _options.Jsonc);
        MessagePack = new MessagePackWireFormat(_serializer, _options.MessagePack);
        _formats = [Json, Jsonc, MessagePack];
    }

    // The same MessagePack format, its converters shared; JSON and JMC1 over the serializer given.
    private FastFormattersSerializer(FastFormattersSerializer source, FastSerializer serializer)
    {
        _options = source._options;
        _serializer = serializer;
        Json = new JsonWireFormat(_serializer, _options.Json);
        Jsonc = new JmcWireFormat(_serializer, Json, _options.Jsonc);
        MessagePack = source.MessagePack;
        _formats = [Json, Jsonc, MessagePack];
    }

    /// <summary>JSON (RFC 8259, UTF-8), under the JSON contract of the options.</summary>
    public JsonWireFormat Json { get; }

    /// <summary>JMC1 (<c>application/jsonc</c>): the JSON with its header and length comments.</summary>
    public JmcWireFormat Jsonc { get; }

    /// <summary>MessagePack, under the MessagePack contract, compressed as the options say.</summary>
    public MessagePackWireFormat MessagePack { get; }

    /// <summary>The format <paramref name="format"/> names: <see cref="Json"/>, <see cref="Jsonc"/> or <see cref="MessagePack"/>.</summary>
    public WireFormat GetFormat(FastFormat format)
        => (uint)format < (uint)_formats.Length ? _formats[(int)format] : throw new ArgumentOutOfRangeException(nameof(format), format, null);

    /// <summary>
    /// The System.Text.Json options the JSON contract follows, or null under <see cref="JsonContractKind.Unified"/>.
    /// </summary>
    public JsonSerializerOptions? JsonSerializerOptions
        => _serializer.JsonResolver.Rules is SystemTextJsonContractRules systemTextJson ? systemTextJson.Options : null;

    /// <summary>
    /// A serializer whose JSON and JMC1 follow <paramref name="jsonOptions"/> and whose MessagePack is this one's (the
    /// same <see cref="MessagePack"/> format): this serializer when it already follows them, or under the unified
    /// contract. For an app with two sets of System.Text.Json options, as MVC's beside the minimal APIs'. Keep what it
    /// returns: each new one builds its JSON converters again.
    /// </summary>
    public FastFormattersSerializer WithJsonSerializerOptions(JsonSerializerOptions jsonOptions)
    {
        ArgumentNullException.ThrowIfNull(jsonOptions);
        var serializer = _serializer.WithJsonOptions(jsonOptions);
        return ReferenceEquals(serializer, _serializer) ? this : new FastFormattersSerializer(this, serializer);
    }

    /// <summary>Whether values of <paramref name="type"/> can be written in <paramref name="format"/>; never throws.</summary>
    public bool CanSerialize(FastFormat format, Type type) => GetFormat(format).CanSerialize(type);

    /// <summary>Whether values of <paramref name="type"/> can be read in <paramref name="format"/>; never throws.</summary>
    public bool CanDeserialize(FastFormat format, Type type) => GetFormat(format).CanDeserialize(type);

    /// <summary>
    /// Why <paramref name="type"/> cannot be written in <paramref name="format"/> (or, when
    /// <paramref name="deserializing"/>, read), or null when it can; never throws. The text names the type and what to
    /// register for it.
    /// </summary>
    public string? GetUnsupportedReason(FastFormat format, Type type, bool deserializing) => GetFormat(format).GetUnsupportedReason(type, deserializing);

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
        return GetFormat(format).CreateJsonSchemaSet()!.Document(type);
    }

    /// <summary>Writes <paramref name="value"/> in <paramref name="format"/>.</summary>
    public void Serialize<T>(FastFormat format, IBufferWriter<byte> output, T value) => GetFormat(format).Serialize(output, value);

    /// <summary>Writes <paramref name="value"/>, declared as <paramref name="type"/>, in <paramref name="format"/>.</summary>
    public void Serialize(FastFormat format, IBufferWriter<byte> output, object? value, Type type) => GetFormat(format).Serialize(output, value, type);

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
    public T Deserialize<T>(FastFormat format, ReadOnlySpan<byte> data) => GetFormat(format).Deserialize<T>(data);

    /// <summary>Reads one value of <paramref name="type"/> in <paramref name="format"/> from the whole of <paramref name="data"/>.</summary>
    /// <exception cref="FormatReadException">The data is not a valid value of that type in that format.</exception>
    public object? Deserialize(FastFormat format, ReadOnlySpan<byte> data, Type type) => GetFormat(format).Deserialize(data, type);

    /// <inheritdoc cref="Deserialize{T}(FastFormat, ReadOnlySpan{byte})"/>
    public T Deserialize<T>(FastFormat format, in ReadOnlySequence<byte> data) => Deserialize<T>(GetFormat(format), data);

    private static T Deserialize<T>(WireFormat format, in ReadOnlySequence<byte> data)
    {
        if (data.IsSingleSegment)
        {
            return format.Deserialize<T>(data.FirstSpan);
        }

        byte[] contiguous = ArrayPool<byte>.Shared.Rent(checked((int)data.Length));
        try
        {
            data.CopyTo(contiguous);
            return format.Deserialize<T>(contiguous.AsSpan(0, (int)data.Length));
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
        var wireFormat = GetFormat(format);
        long limit = wireFormat.MaxRequestBodySize ?? Array.MaxLength;
        while (true)
        {
            var result = await input.ReadAsync(cancellationToken).ConfigureAwait(false);
            if (result.Buffer.Length > limit)
            {
                input.AdvanceTo(result.Buffer.Start);
                throw new FormatReadException(wireFormat.Definition.Name, $"The input is longer than the {limit} bytes allowed.", limit);
            }

            if (result.IsCompleted || result.IsCanceled)
            {
                try
                {
                    return Deserialize<T>(wireFormat, result.Buffer);
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
}
