namespace FastFormatters;

/// <summary>
/// Options for FastFormatters in ASP.NET Core: the serializers' options (<see cref="FastSerializerOptions"/>: contracts,
/// depths, limits) plus negotiation, response writing and diagnostics.
/// </summary>
public sealed class FastFormattersOptions : FastSerializerOptions
{
    private bool _returnHttpNotAcceptable;
    private string? _formatQueryParameter;
    private string _defaultFormat = FastFormatters.Json.JsonFormat.Name;
    private int _responseFlushThreshold = 28 * 1024;
    private bool _recordMetrics = true;
    private readonly List<Func<FastFormattersSerializer, WireFormat>> _formatFactories = [];

    /// <summary>Creates the options with their defaults.</summary>
    public FastFormattersOptions() => Verification = new FormatVerificationOptions(VerifyMutable);

    // As the serializer options' own check: the host's options freeze with them, when the app's serializer is built.
    private void VerifyMutable()
    {
        if (IsReadOnly)
        {
            throw new InvalidOperationException($"These {nameof(FastFormattersOptions)} are in use by a serializer and can no longer change: configure them before the first serializer (or the app) is built from them.");
        }
    }

    /// <summary>
    /// The verify mode: the first values of each response type compared with the ecosystem's own serializer
    /// (System.Text.Json, MessagePack-CSharp), for development and staging. Off by default.
    /// </summary>
    public FormatVerificationOptions Verification { get; }

    /// <summary>
    /// The name of the format answered when a request states no preference (no <c>Accept</c>, or <c>*/*</c>) and that wins
    /// ties: <c>json</c> (the default), <c>jsonc</c> (JMC1), <c>msgpack</c>, or the name of a format added with
    /// <see cref="AddFormat"/>. The other formats follow in their usual order.
    /// </summary>
    public string DefaultFormat
    {
        get => _defaultFormat;
        set
        {
            VerifyMutable();
            _defaultFormat = value;
        }
    }

    /// <summary>
    /// The size of the chunks a top-level sequence (a list, an array, an <see cref="IAsyncEnumerable{T}"/>) is streamed
    /// in as JSON: each time the elements written reach this many bytes, they are handed to the server and flushed, so a
    /// response of any length needs about one chunk of memory. Defaults to 28 KiB, under half of Kestrel's default
    /// response buffer (64 KiB), so the server sends one chunk while the next is written and the writer seldom waits for
    /// the client. MessagePack and JMC1 sequences, whose count comes first and whose clients decode a body once they
    /// have all of it, are flushed every 896 KiB instead (or at this size, when it is larger). Other bodies are serialized
    /// whole and handed over in one piece, or, past the first 1 MiB pooled segment, a flushed segment at a time.
    /// </summary>
    public int ResponseFlushThreshold
    {
        get => _responseFlushThreshold;
        set
        {
            VerifyMutable();
            _responseFlushThreshold = value;
        }
    }

    /// <summary>
    /// Whether a request whose <c>Accept</c> header names nothing the server can produce gets 406 Not Acceptable, with a
    /// problem body listing the media types it could have had. Defaults to <see langword="false"/>: such a request gets
    /// the default format, as RFC 9110 allows. For MVC, <c>MvcOptions.ReturnHttpNotAcceptable</c> turns it on too.
    /// Error responses (problem details) are never turned into 406.
    /// </summary>
    public bool ReturnHttpNotAcceptable
    {
        get => _returnHttpNotAcceptable;
        set
        {
            VerifyMutable();
            _returnHttpNotAcceptable = value;
        }
    }

    /// <summary>
    /// The name of a query parameter that overrides <c>Accept</c>, such as <c>format</c> for <c>?format=json</c>; its
    /// value is a format name. <see langword="null"/> (the default) turns the override off. An unknown format name is
    /// ignored and <c>Accept</c> decides.
    /// </summary>
    public string? FormatQueryParameter
    {
        get => _formatQueryParameter;
        set
        {
            VerifyMutable();
            _formatQueryParameter = value;
        }
    }

    /// <summary>
    /// Whether reads, writes and negotiation outcomes are recorded for the diagnostics endpoint and the
    /// <c>FastFormatters</c> meter. Defaults to <see langword="true"/>; the cost is measured in docs/diagnostics.md.
    /// </summary>
    public bool RecordMetrics
    {
        get => _recordMetrics;
        set
        {
            VerifyMutable();
            _recordMetrics = value;
        }
    }

    /// <summary>The factories of the formats added with <see cref="AddFormat"/>, in their order.</summary>
    internal IReadOnlyList<Func<FastFormattersSerializer, WireFormat>> FormatFactories => _formatFactories;

    /// <summary>
    /// Adds a format to the ones the app negotiates among, after the built-in JSON, JMC1 and MessagePack: MVC's formatters,
    /// minimal-API results and bodies, <c>?format=</c>, 406 and 415, OpenAPI and the diagnostics then serve it as they
    /// serve those. <paramref name="factory"/> makes the format from a serializer, usually over one of its formats
    /// (<see cref="FastFormattersSerializer.Json"/>); it is called once per serializer the host builds (the minimal
    /// APIs' and, when MVC's JSON options differ, MVC's), so a format follows the JSON options of the endpoint it serves.
    /// Its name must differ from every other format's.
    /// </summary>
    public void AddFormat(Func<FastFormattersSerializer, WireFormat> factory)
    {
        ArgumentNullException.ThrowIfNull(factory);
        VerifyMutable();
        _formatFactories.Add(factory);
    }

    /// <summary>
    /// What is wrong with these options, the serializer's and the host's: one message per broken option, naming it and
    /// its rule; empty when valid.
    /// </summary>
    internal List<string> ValidateWithHost()
    {
        var errors = new List<string>(Validate());
        // A name of an added format is checked when the formats are made: only then are their names known.
        if (_formatFactories.Count == 0 && !FastFormats.IsBuiltIn(DefaultFormat))
        {
            errors.Add($"{nameof(DefaultFormat)} must be json, jsonc or msgpack; it is '{DefaultFormat}'.");
        }

        if (ResponseFlushThreshold < 1024)
        {
            errors.Add($"{nameof(ResponseFlushThreshold)} must be at least 1024 bytes; it is {ResponseFlushThreshold}.");
        }

        if (Verification.ValuesPerType < 1)
        {
            errors.Add($"{nameof(Verification)}.{nameof(FormatVerificationOptions.ValuesPerType)} must be at least 1; it is {Verification.ValuesPerType}.");
        }

        if (!Verification.Enabled && (Verification.ServeReferenceOnDifference || Verification.MessagePackReference is not null))
        {
            errors.Add($"{nameof(Verification)}.{nameof(FormatVerificationOptions.ServeReferenceOnDifference)} and {nameof(FormatVerificationOptions.MessagePackReference)} apply only when {nameof(Verification)}.{nameof(FormatVerificationOptions.Enabled)} is true.");
        }

        return errors;
    }
}
