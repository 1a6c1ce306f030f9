using FastFormatters.Diagnostics;
using FastFormatters.Negotiation;
using FastFormatters.Serialization;
using Microsoft.Extensions.Options;

namespace FastFormatters;

/// <summary>
/// The formats an application serves, for the minimal-API result and body types: their serializers, the candidates a
/// response negotiates among (the registry's concrete media types, default format first) and the negotiation shared
/// with the MVC formatters (<see cref="ResponseNegotiation"/>).
/// </summary>
internal sealed class FormatServices
{
    private readonly Dictionary<string, FormatSerializer> _byName;
    private readonly FormatSerializer[] _byCandidate;
    private readonly string[] _contentTypes;
    private readonly FormatRegistry _registry;

    public FormatServices(
        FastFormats formats,
        FormatSerializers serializers,
        ResponseNegotiation negotiation,
        IOptions<FastFormattersOptions> options,
        FormatterMetrics metrics)
    {
        Metrics = metrics;
        Negotiation = negotiation;
        var registry = formats.Registry;
        _registry = registry;
        Formats = serializers.All;
        _byName = Formats.ToDictionary(format => format.Definition.Name, StringComparer.OrdinalIgnoreCase);
        ResponseFlushThreshold = options.Value.ResponseFlushThreshold;
        Json = serializers.Json;
        RequestMediaTypes = formats.RequestMediaTypes;
        Candidates = ResponseCandidates.From(registry);
        _byCandidate = new FormatSerializer[Candidates.Count];
        _contentTypes = new string[Candidates.Count];
        for (int i = 0; i < _byCandidate.Length; i++)
        {
            _byCandidate[i] = _byName[registry.Formats[Candidates.GroupOf(i)].Name];
            _contentTypes[i] = _byCandidate[i].IsUtf8Text ? Candidates.Text[i] + "; charset=utf-8" : Candidates.Text[i];
        }
    }

    public int ResponseFlushThreshold { get; }

    public FormatterMetrics Metrics { get; }

    public ResponseNegotiation Negotiation { get; }

    public FormatSerializer Json { get; }

    /// <summary>The media types a request body can have.</summary>
    public string[] RequestMediaTypes { get; }

    /// <summary>Every concrete media type a response can have, default format first.</summary>
    public ResponseCandidates Candidates { get; }

    /// <summary>The serializer of response candidate <paramref name="candidate"/>.</summary>
    public FormatSerializer ForCandidate(int candidate) => _byCandidate[candidate];

    /// <summary>Every format, default format first.</summary>
    public FormatSerializer[] Formats { get; }

    /// <summary>The <c>Content-Type</c> of a response in candidate <paramref name="candidate"/> (UTF-8 text says its charset), made once.</summary>
    public string ContentTypeOf(int candidate) => _contentTypes[candidate];

    /// <summary>The format a request body's <c>Content-Type</c> names, or <see langword="null"/>.</summary>
    public FormatSerializer? FindByContentType(string? contentType)
        => _registry.FindByContentType(contentType) is { } format ? _byName[format.Name] : null;
}
