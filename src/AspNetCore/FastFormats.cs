using FastFormatters.Jmc;
using FastFormatters.Json;
using FastFormatters.MessagePack;
using FastFormatters.Negotiation;
using FastFormatters.Serialization;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Options;

namespace FastFormatters;

/// <summary>
/// The formats an application serves: the built-in ones, then those packages registered
/// (<see cref="FastFormattersOptions.AddFormat"/>), each made from a serializer by its factory. The registry negotiates
/// among them, default format first, the others in their order; endpoint metadata (OpenAPI) lists their media types.
/// </summary>
internal sealed class FastFormats
{
    private static readonly Func<FastFormattersSerializer, WireFormat>[] s_builtIn = [static serializer => serializer.Json, static serializer => serializer.Jsonc, static serializer => serializer.MessagePack];

    // For endpoint metadata built where FastFormatters is not registered: the built-in formats' media types.
    private static readonly FormatDefinition[] s_builtInDefinitions = [JsonFormat.Definition, JmcFormat.Definition, MessagePackFormat.Definition];
    private static readonly string[] s_builtInResponseMediaTypes =
        [.. ResponseCandidates.From(new FormatRegistry(s_builtInDefinitions)).Text, .. MessagePackCompressionRequest.CompressedMediaTypes];
    private static readonly string[] s_builtInRequestMediaTypes = [.. s_builtInDefinitions.SelectMany(format => format.MediaTypes)];

    private readonly Func<FastFormattersSerializer, WireFormat>[] _factories;
    private readonly string _defaultFormat;

    public FastFormats(FastFormattersSerializer serializer, IOptions<FastFormattersOptions> options)
    {
        _factories = [.. s_builtIn, .. options.Value.FormatFactories];
        _defaultFormat = options.Value.DefaultFormat;
        Formats = Create(serializer);
        Registry = new FormatRegistry([.. Formats.Select(format => format.Definition)]);
        ResponseMediaTypes = [.. ResponseCandidates.From(Registry).Text, .. Formats.SelectMany(format => FormatBehavior.For(format).ExtraResponseMediaTypes)];
        RequestMediaTypes = [.. Formats.SelectMany(format => format.Definition.MediaTypes)];
    }

    /// <summary>The formats of the minimal APIs' serializer, default format first.</summary>
    public WireFormat[] Formats { get; }

    /// <summary>What negotiation chooses among: the formats' definitions, default format first.</summary>
    public FormatRegistry Registry { get; }

    /// <summary>The concrete media types a response can have, the compressed MessagePack ones a request may ask for included.</summary>
    public string[] ResponseMediaTypes { get; }

    /// <summary>The media types a request body can have.</summary>
    public string[] RequestMediaTypes { get; }

    /// <summary>The response media types of the app's formats, for endpoint metadata.</summary>
    public static string[] ResponseMediaTypesOf(IServiceProvider services) => services.GetService<FastFormats>()?.ResponseMediaTypes ?? s_builtInResponseMediaTypes;

    /// <summary>The request media types of the app's formats, for endpoint metadata.</summary>
    public static string[] RequestMediaTypesOf(IServiceProvider services) => services.GetService<FastFormats>()?.RequestMediaTypes ?? s_builtInRequestMediaTypes;

    /// <summary>Whether <paramref name="name"/> is a built-in format's.</summary>
    public static bool IsBuiltIn(string name) => Array.Exists(s_builtInDefinitions, format => string.Equals(format.Name, name, StringComparison.OrdinalIgnoreCase));

    /// <summary>Every format made from <paramref name="serializer"/> (MVC's, when its JSON options differ), default format first.</summary>
    /// <exception cref="InvalidOperationException">Two formats have one name, or none has the default format's.</exception>
    public WireFormat[] Create(FastFormattersSerializer serializer)
    {
        var formats = new List<WireFormat>(_factories.Length);
        foreach (var factory in _factories)
        {
            var format = factory(serializer) ?? throw new InvalidOperationException("A format factory registered with FastFormattersOptions.AddFormat returned null.");
            if (formats.Exists(other => string.Equals(other.Definition.Name, format.Definition.Name, StringComparison.OrdinalIgnoreCase)))
            {
                throw new InvalidOperationException($"Two formats are named '{format.Definition.Name}': each registered format needs a name of its own.");
            }

            formats.Add(format);
        }

        int first = formats.FindIndex(format => string.Equals(format.Definition.Name, _defaultFormat, StringComparison.OrdinalIgnoreCase));
        if (first < 0)
        {
            throw new InvalidOperationException($"{nameof(FastFormattersOptions.DefaultFormat)} is '{_defaultFormat}', which no registered format is named: {string.Join(", ", formats.Select(format => format.Definition.Name))}.");
        }

        return [formats[first], .. formats.Where((_, index) => index != first)];
    }
}
