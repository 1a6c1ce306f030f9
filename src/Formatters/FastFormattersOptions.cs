using System.Text.Json;
using FastFormatters.MessagePack;

namespace FastFormatters;

/// <summary>
/// Options for the FastFormatters formats: limits, negotiation, diagnostics, and which contract each format follows
/// (JSON the app's System.Text.Json options by default, MessagePack MessagePack-CSharp's).
/// </summary>
public sealed class FastFormattersOptions
{
    /// <summary>The largest <see cref="MaxDepth"/> accepted.</summary>
    public const int MaxDepthLimit = 1024;

    /// <summary>
    /// Which rules decide JSON's members, names and forms: <see cref="Json.JsonContract.SystemTextJson"/> (the default:
    /// the app's System.Text.Json options, so JSON clients see what the built-in formatters would send) or
    /// <see cref="Json.JsonContract.Unified"/> (this library's own rules, configured by <see cref="NamingPolicy"/>,
    /// <see cref="OmitNullMembers"/>, <see cref="EnumsAsNumbers"/> and <see cref="MaxDepth"/>).
    /// </summary>
    public Json.JsonContract JsonContract { get; set; }

    /// <summary>
    /// With <see cref="Json.JsonContract.Unified"/>: how CLR member names become wire names. Defaults to camelCase, the ASP.NET Core convention; set
    /// <see langword="null"/> to keep names as declared, or e.g. <see cref="JsonNamingPolicy.SnakeCaseLower"/>.
    /// Names given by <c>[DataMember(Name = ...)]</c> or <c>[JsonPropertyName]</c> are used as they are.
    /// </summary>
    public JsonNamingPolicy? NamingPolicy { get; set; } = JsonNamingPolicy.CamelCase;

    /// <summary>With <see cref="Json.JsonContract.Unified"/>: whether members whose value is <see langword="null"/> are left out of responses. Defaults to <see langword="false"/>.</summary>
    public bool OmitNullMembers { get; set; }

    /// <summary>
    /// With <see cref="Json.JsonContract.Unified"/>: whether enums are written as their underlying numbers instead of their names. Defaults to <see langword="false"/>:
    /// names survive reordering of the enum and read well. Readers accept both forms either way.
    /// </summary>
    public bool EnumsAsNumbers { get; set; }

    /// <summary>
    /// With <see cref="Json.JsonContract.Unified"/>: the deepest nesting of objects and arrays a JSON request body may
    /// have, and a JSON response may be written with (with the System.Text.Json contract, its options' MaxDepth applies).
    /// Defaults to 64; at most <see cref="MaxDepthLimit"/>. MessagePack has its own, <see cref="MessagePackOptions.MaxDepth"/>.
    /// </summary>
    public int MaxDepth { get; set; } = 64;

    /// <summary>
    /// Whether a key that appears twice in one object (JSON, JMC1) or map (MessagePack) of a request body is an error
    /// (400). Defaults to <see langword="false"/>: the last value wins, as with System.Text.Json. Member names matched
    /// case-insensitively count as the same key.
    /// </summary>
    public bool RejectDuplicateKeys { get; set; }

    /// <summary>
    /// The largest request body, in bytes, a format accepts, keyed by format name (<c>json</c>, <c>jsonc</c>,
    /// <c>msgpack</c>). A larger body gets 413 before it is parsed: by its <c>Content-Length</c> when it declares one,
    /// else as soon as more has arrived. Formats not listed are bounded by the server alone (Kestrel's
    /// <c>MaxRequestBodySize</c>, 30,000,000 bytes by default), which also applies when it is the smaller.
    /// </summary>
    public IDictionary<string, long> MaxRequestBodySize { get; } = new Dictionary<string, long>(StringComparer.OrdinalIgnoreCase);

    /// <summary>The options of the MessagePack format.</summary>
    public MessagePackOptions MessagePack { get; } = new();

    /// <summary>
    /// The name of the format answered when a request states no preference (no <c>Accept</c>, or <c>*/*</c>) and that wins
    /// ties: <c>json</c> (the default), <c>jsonc</c> (JMC1) or <c>msgpack</c>. The other formats follow in their usual order.
    /// </summary>
    public string DefaultFormat { get; set; } = FastFormatters.Json.JsonFormat.Name;

    /// <summary>
    /// When a response body is larger than this many bytes it is handed to the server in chunks of this size, each
    /// flushed, so the response pipe never holds a second copy of a large payload. Defaults to 64 KiB.
    /// </summary>
    public int ResponseFlushThreshold { get; set; } = 64 * 1024;

    /// <summary>
    /// Whether a request whose <c>Accept</c> header names nothing the server can produce gets 406 Not Acceptable, with a
    /// problem body listing the media types it could have had. Defaults to <see langword="false"/>: such a request gets
    /// the default format, as RFC 9110 allows. For MVC, <c>MvcOptions.ReturnHttpNotAcceptable</c> turns it on too.
    /// Error responses (problem details) are never turned into 406.
    /// </summary>
    public bool ReturnHttpNotAcceptable { get; set; }

    /// <summary>
    /// The name of a query parameter that overrides <c>Accept</c>, such as <c>format</c> for <c>?format=json</c>; its
    /// value is a format name. <see langword="null"/> (the default) turns the override off. An unknown format name is
    /// ignored and <c>Accept</c> decides.
    /// </summary>
    public string? FormatQueryParameter { get; set; }

    /// <summary>
    /// Whether reads, writes and negotiation outcomes are recorded for the diagnostics endpoint and the
    /// <c>FastFormatters</c> meter. Defaults to <see langword="true"/>; the cost is measured in docs/diagnostics.md.
    /// </summary>
    public bool RecordMetrics { get; set; } = true;

    /// <summary>What is wrong with these options: one message per broken option, naming it and its rule; empty when valid.</summary>
    internal List<string> Validate()
    {
        var errors = new List<string>();
        if (MaxDepth is < 1 or > MaxDepthLimit)
        {
            errors.Add($"{nameof(MaxDepth)} must be between 1 and {MaxDepthLimit}; it is {MaxDepth}.");
        }

        if (MessagePack.MaxDepth is < 1 or > MaxDepthLimit)
        {
            errors.Add($"{nameof(MessagePack)}.{nameof(MessagePackOptions.MaxDepth)} must be between 1 and {MaxDepthLimit}; it is {MessagePack.MaxDepth}.");
        }

        if (MessagePack.MaxDecompressedSize < 1)
        {
            errors.Add($"{nameof(MessagePack)}.{nameof(MessagePackOptions.MaxDecompressedSize)} must be at least 1 byte; it is {MessagePack.MaxDecompressedSize}.");
        }

        if (FastFormats.CreateRegistry(DefaultFormat) is null)
        {
            errors.Add($"{nameof(DefaultFormat)} must be json, jsonc or msgpack; it is '{DefaultFormat}'.");
        }

        foreach (var (format, limit) in MaxRequestBodySize)
        {
            if (FastFormats.CreateRegistry(format) is null)
            {
                errors.Add($"{nameof(MaxRequestBodySize)} keys must be json, jsonc or msgpack; '{format}' is not.");
            }
            else if (limit < 0)
            {
                errors.Add($"{nameof(MaxRequestBodySize)}[\"{format}\"] must be at least 0 bytes; it is {limit}.");
            }
        }

        if (ResponseFlushThreshold < 1024)
        {
            errors.Add($"{nameof(ResponseFlushThreshold)} must be at least 1024 bytes; it is {ResponseFlushThreshold}.");
        }

        return errors;
    }
}
