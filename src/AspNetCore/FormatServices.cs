using FastFormatters.Diagnostics;
using FastFormatters.Mvc;
using FastFormatters.Negotiation;
using FastFormatters.Serialization;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Options;

namespace FastFormatters;

/// <summary>
/// The formats an application serves and how a request picks one: shared by the minimal-API result and body types so
/// they negotiate exactly as the MVC formatters do.
/// </summary>
internal sealed class FormatServices
{
    private readonly Dictionary<string, IFormatSerializer> _byName;
    private readonly FormatNegotiator _negotiator;
    private readonly string? _formatQueryParameter;
    private readonly ILogger _logger;

    public FormatServices(
        IEnumerable<IFormatSerializer> formats,
        FormatNegotiator negotiator,
        IOptions<FastFormattersOptions> options,
        FormatterMetrics metrics,
        ILogger<FormatServices> logger)
    {
        Metrics = metrics;
        _byName = formats.ToDictionary(format => format.Definition.Name, StringComparer.OrdinalIgnoreCase);
        _negotiator = negotiator;
        ResponseFlushThreshold = options.Value.ResponseFlushThreshold;
        ReturnHttpNotAcceptable = options.Value.ReturnHttpNotAcceptable;
        _formatQueryParameter = options.Value.FormatQueryParameter;
        _logger = logger;
        Json = _byName[FastFormatters.Json.JsonFormat.Name];
        SupportedResponseTypes = [.. negotiator.CandidateMediaTypes];
    }

    public int ResponseFlushThreshold { get; }

    public FormatterMetrics Metrics { get; }

    public bool ReturnHttpNotAcceptable { get; }

    public IFormatSerializer Json { get; }

    /// <summary>Every concrete media type a response can have, default format first.</summary>
    public string[] SupportedResponseTypes { get; }

    public IFormatSerializer Get(FormatDefinition format) => _byName[format.Name];

    /// <summary>The result for a request that states no usable preference: the default format.</summary>
    public NegotiationResult Default => _negotiator.Default;

    /// <summary>The format a request body's <c>Content-Type</c> names, or <see langword="null"/>.</summary>
    public IFormatSerializer? FindByContentType(string? contentType)
        => _negotiator.Registry.FindByContentType(contentType) is { } format ? Get(format) : null;

    /// <summary>The response format for a request: the <c>?format=</c> override when enabled, else <c>Accept</c>.</summary>
    public NegotiationResult Negotiate(HttpRequest request)
    {
        if (_formatQueryParameter is not null && _negotiator.ForFormatName(request.Query[_formatQueryParameter]) is { } chosen)
        {
            return chosen;
        }

        var accept = request.Headers.Accept;
        var result = _negotiator.Negotiate(accept);
        if (result.Outcome == NegotiationOutcome.Default && !Microsoft.Extensions.Primitives.StringValues.IsNullOrEmpty(accept))
        {
            FormatterLog.AcceptHeaderIgnored(_logger, accept.ToString());
        }

        return result;
    }
}
