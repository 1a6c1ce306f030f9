using System.Buffers;
using System.IO.Pipelines;
using System.Text.Json;
using FastFormatters.Buffers;
using FastFormatters.Jmc;
using FastFormatters.MessagePack;
using FastFormatters.Serialization;
using FastFormatters.Serialization.Contracts;
using FastFormatters.Serialization.Shapes;
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
    private readonly MessagePackCompressionMode _compression;

    /// <param name="options">The library's options; the defaults when null. They are read-only from here on.</param>
    /// <param name="jsonOptions">
    /// The System.Text.Json options the JSON contract follows (with <see cref="Json.JsonContractKind.SystemTextJson"/>):
    /// ASP.NET Core's web defaults when null.
    /// </param>
    /// <param name="logger">Where each type handed to System.Text.Json or an external serializer is named, once.</param>
    public FastFormattersSerializer(FastSerializerOptions? options = null, JsonSerializerOptions? jsonOptions = null, ILogger? logger = null)
    {
        _options = options ?? new FastSerializerOptions();
        _serializer = new FastSerializer(_options, jsonOptions, logger);
        _compression = _serializer.Settings.MessagePackCompressionMode;
    }

    private FastFormattersSerializer(FastFormattersSerializer source, FastSerializer serializer, MessagePackCompressionMode compression)
    {
        _options = source._options;
        _serializer = serializer;
        _compression = compression;
    }

    /// <summary>
    /// The System.Text.Json options the JSON contract follows, or null under <see cref="Json.JsonContractKind.Unified"/>.
    /// </summary>
    public JsonSerializerOptions? JsonSerializerOptions
        => _serializer.JsonResolver.Rules is SystemTextJsonContractRules systemTextJson ? systemTextJson.Options : null;

    /// <summary>How MessagePack is written: <see cref="MessagePackOptions.Compression"/>, unless this serializer was made by <see cref="WithMessagePackCompression"/>.</summary>
    public MessagePackCompressionMode MessagePackCompression => _compression;

    /// <summary>
    /// A serializer whose JSON and JMC1 follow <paramref name="jsonOptions"/> and whose MessagePack is this one's (its
    /// converters shared): this serializer when it already follows them, or under the unified contract. For a host with
    /// two sets of System.Text.Json options, as MVC's beside the minimal APIs'. Keep what it returns: each new one builds
    /// its JSON converters again.
    /// </summary>
    public FastFormattersSerializer WithJsonSerializerOptions(JsonSerializerOptions jsonOptions)
    {
        ArgumentNullException.ThrowIfNull(jsonOptions);
        var serializer = _serializer.WithJsonOptions(jsonOptions);
        return ReferenceEquals(serializer, _serializer) ? this : new FastFormattersSerializer(this, serializer, _compression);
    }

    /// <summary>
    /// A serializer that writes MessagePack compressed as <paramref name="compression"/> says, its converters shared with
    /// this one: for a response whose client asked for a compression of its own. Reading accepts every compression
    /// whatever the serializer.
    /// </summary>
    public FastFormattersSerializer WithMessagePackCompression(MessagePackCompressionMode compression)
        => compression == _compression ? this
            : Enum.IsDefined(compression) ? new FastFormattersSerializer(this, _serializer, compression)
            : throw new ArgumentOutOfRangeException(nameof(compression), compression, null);

    /// <summary>
    /// The type to write <paramref name="value"/>, declared as <paramref name="declaredType"/>, as in
    /// <paramref name="format"/>: its runtime type, as System.Text.Json's formatter does, unless the declared type's
    /// values carry their subtype on the wire (a <c>[JsonPolymorphic]</c> type, a MessagePack union) and must be
    /// written as declared for the discriminator to be written.
    /// </summary>
    public Type GetWriteType(FastFormat format, Type? declaredType, object? value) => Resolver(format).SelectWriteType(declaredType, value);

    /// <summary>Whether values of <paramref name="type"/> can be written in <paramref name="format"/>; never throws.</summary>
    public bool CanSerialize(FastFormat format, Type type)
    {
        ArgumentNullException.ThrowIfNull(type);
        return Resolver(format).CanWrite(type);
    }

    /// <summary>Whether values of <paramref name="type"/> can be read in <paramref name="format"/>; never throws.</summary>
    public bool CanDeserialize(FastFormat format, Type type)
    {
        ArgumentNullException.ThrowIfNull(type);
        return Resolver(format).CanRead(type);
    }

    /// <summary>
    /// Why <paramref name="type"/> cannot be written in <paramref name="format"/> (or, when
    /// <paramref name="deserializing"/>, read), or null when it can; never throws. The text names the type and what to
    /// register for it.
    /// </summary>
    public string? GetUnsupportedReason(FastFormat format, Type type, bool deserializing)
    {
        ArgumentNullException.ThrowIfNull(type);
        return Resolver(format).Refusal(type, deserializing);
    }

    /// <summary>
    /// A set of JSON Schemas of what this serializer writes in <paramref name="format"/>, its named definitions shared
    /// across the types it describes: for an OpenAPI document. JSON and JMC1 carry the same data and have the same
    /// schemas; MessagePack is described decoded, as <see cref="GetJsonSchema"/> says.
    /// </summary>
    /// <param name="format">The format described.</param>
    /// <param name="definitionNameSuffix">Appended to every definition's name, so two formats' definitions can share a document.</param>
    public JsonSchemaSet CreateJsonSchemaSet(FastFormat format, string definitionNameSuffix = "")
    {
        ArgumentNullException.ThrowIfNull(definitionNameSuffix);
        return new(_serializer.CreateSchemaBuilder(format == FastFormat.MessagePack, definitionNameSuffix));
    }

    /// <summary>
    /// Hands <paramref name="visitor"/> the element type of a top-level value of <paramref name="type"/> that
    /// <paramref name="format"/> writes as an array element by element: a built-in sequence (a list, an array, an
    /// <see cref="IEnumerable{T}"/>) or an <see cref="IAsyncEnumerable{T}"/>. Null for any other type, and for a
    /// collection whose converter is its own (the app's, a provider's, an external serializer's, System.Text.Json's),
    /// which must be written whole. The element is then written by <see cref="SerializeSequenceElement"/>.
    /// </summary>
    public TResult? VisitSequenceElementType<TResult>(FastFormat format, Type type, ITypeVisitor<TResult> visitor)
        where TResult : class
    {
        ArgumentNullException.ThrowIfNull(type);
        ArgumentNullException.ThrowIfNull(visitor);
        return Resolver(format).VisitStreamedElement(type, visitor);
    }

    /// <summary>
    /// Whether a top-level array in <paramref name="format"/> states its length before its first element (MessagePack's
    /// array header, JMC1's count comment): there, the bytes of a whole array need the count first, and a sequence of
    /// unknown length is either gathered or written in its streamed form (<see cref="WriteSequenceStart"/>).
    /// </summary>
    public static bool SequenceNeedsCount(FastFormat format) => format != FastFormat.Json;

    /// <summary>
    /// Starts a top-level sequence written element by element (<see cref="SerializeSequenceElement"/>, then
    /// <see cref="WriteSequenceEnd"/>). With its count, the bytes are those of the whole array written at once. Without
    /// (<paramref name="count"/> -1), in the streamed form <see cref="StreamedSequenceRequest"/> describes: JSON's array
    /// as ever, JMC1's array without its count comment, and in MessagePack the elements as consecutive top-level values.
    /// </summary>
    /// <param name="format">The format written.</param>
    /// <param name="output">Where the bytes go.</param>
    /// <param name="count">The number of elements, or -1 for the streamed form.</param>
    public void WriteSequenceStart(FastFormat format, IBufferWriter<byte> output, int count)
    {
        ArgumentNullException.ThrowIfNull(output);
        ArgumentOutOfRangeException.ThrowIfLessThan(count, -1);
        switch (format)
        {
            case FastFormat.Json:
                output.Write("["u8);
                break;
            case FastFormat.Jsonc:
                output.Write(Jmc1.Header);
                if (Jmc1.CanEncode(count))
                {
                    Jmc1.WriteComment(output.GetSpan(Jmc1.CommentLength), count);
                    output.Advance(Jmc1.CommentLength);
                }

                output.Write("["u8);
                break;
            case FastFormat.MessagePack:
                ThrowIfCompressed();
                if (count >= 0)
                {
                    var writer = new FastMessagePackWriter(output, maxDepth: 1);
                    writer.WriteArrayHeader(count);
                    writer.Flush();
                }

                break;
            default:
                throw new ArgumentOutOfRangeException(nameof(format), format, null);
        }
    }

    /// <summary>
    /// Writes one element of a top-level sequence begun by <see cref="WriteSequenceStart"/>, the separator before it
    /// included, within the depth limit less the array's own level (in either form, so an element that fits one fits both).
    /// </summary>
    /// <param name="format">The format written.</param>
    /// <param name="output">Where the bytes go.</param>
    /// <param name="value">The element.</param>
    /// <param name="first">Whether it is the array's first element.</param>
    public void SerializeSequenceElement<T>(FastFormat format, IBufferWriter<byte> output, T value, bool first)
    {
        ArgumentNullException.ThrowIfNull(output);
        switch (format)
        {
            case FastFormat.Json or FastFormat.Jsonc:
                if (!first)
                {
                    output.Write(","u8);
                }

                _serializer.SerializeTextElement(output, value, jmc: format == FastFormat.Jsonc);
                break;
            case FastFormat.MessagePack:
                ThrowIfCompressed();
                _serializer.SerializeMessagePackElement(output, value);
                break;
            default:
                throw new ArgumentOutOfRangeException(nameof(format), format, null);
        }
    }

    /// <summary>Ends a top-level sequence begun by <see cref="WriteSequenceStart"/>.</summary>
    public void WriteSequenceEnd(FastFormat format, IBufferWriter<byte> output)
    {
        ArgumentNullException.ThrowIfNull(output);
        switch (format)
        {
            case FastFormat.Json or FastFormat.Jsonc:
                output.Write("]"u8);
                break;
            case FastFormat.MessagePack:
                // The header counted the elements, or there is none: nothing closes the sequence.
                ThrowIfCompressed();
                break;
            default:
                throw new ArgumentOutOfRangeException(nameof(format), format, null);
        }
    }

    /// <summary>
    /// Writes the MessagePack in <paramref name="messagePack"/> compressed as <paramref name="compression"/> says, in the
    /// framing MessagePack-CSharp reads: a payload serialized once and sent to clients that asked for different
    /// compressions, say.
    /// </summary>
    public static void CompressMessagePack(ReadOnlySpan<byte> messagePack, IBufferWriter<byte> output, MessagePackCompressionMode compression)
    {
        ArgumentNullException.ThrowIfNull(output);
        FastSerializer.CompressMessagePack(messagePack, output, compression);
    }

    // A compressed body is framed as a whole (block lengths first): it cannot be written element by element.
    private void ThrowIfCompressed()
    {
        if (_compression != MessagePackCompressionMode.None)
        {
            throw new InvalidOperationException($"A MessagePack body compressed as {_compression} is framed as a whole and cannot be written element by element; use WithMessagePackCompression(MessagePackCompressionMode.None).");
        }
    }

    private ConverterResolver Resolver(FastFormat format) => format switch
    {
        FastFormat.Json or FastFormat.Jsonc => _serializer.JsonResolver,
        FastFormat.MessagePack => _serializer.MessagePackResolver,
        _ => throw new ArgumentOutOfRangeException(nameof(format), format, null),
    };

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
                _serializer.SerializeMessagePack(output, value, _compression);
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
                _serializer.SerializeMessagePack(output, value, type, _compression);
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
