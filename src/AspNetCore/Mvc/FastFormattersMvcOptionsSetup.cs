using System.Text;
using FastFormatters.Diagnostics;
using FastFormatters.Jmc;
using FastFormatters.Json;
using FastFormatters.MessagePack;
using FastFormatters.Negotiation;
using FastFormatters.Serialization;
using FastFormatters.Verification;
using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Mvc.Formatters;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Options;

namespace FastFormatters.Mvc;

/// <summary>
/// Puts the FastFormatters formatters, in the registry's order (default format first), just before the first formatter
/// that handles <c>application/json</c> (System.Text.Json's by default). A post-configuration runs after every
/// <c>Configure</c>, so the order of <c>AddControllers</c> and <c>AddFastFormatters</c> does not matter; an application
/// that wants its own JSON formatter to win inserts it after this runs.
/// </summary>
internal sealed class FastFormattersMvcOptionsSetup : IPostConfigureOptions<MvcOptions>
{
    private readonly FormatRegistry _registry;
    private readonly JsonFormatSerializer _json;
    private readonly JmcFormatSerializer _jmc;
    private readonly MessagePackFormatSerializer _messagePack;
    private readonly ILoggerFactory _loggerFactory;
    private readonly FormatterMetrics _metrics;
    private readonly int _flushThreshold;
    private readonly JsonOptions _mvcJsonOptions;

    public FastFormattersMvcOptionsSetup(
        FormatRegistry registry,
        FastFormattersSerializer serializer,
        JsonFormatSerializer json,
        JmcFormatSerializer jmc,
        MessagePackFormatSerializer messagePack,
        IOptions<JsonOptions> mvcJsonOptions,
        IOptions<FastFormattersOptions> options,
        FormatterMetrics metrics,
        ResponseVerification verification,
        ILoggerFactory loggerFactory)
    {
        _metrics = metrics;
        _registry = registry;
        _loggerFactory = loggerFactory;
        _messagePack = messagePack;
        _flushThreshold = options.Value.ResponseFlushThreshold;
        _mvcJsonOptions = mvcJsonOptions.Value;

        // Controllers' JSON follows MVC's JsonOptions (AddJsonOptions), which may differ from the minimal APIs'.
        var controllers = serializer.WithJsonSerializerOptions(mvcJsonOptions.Value.JsonSerializerOptions);
        _json = ReferenceEquals(controllers, serializer) ? json : verification.CreateJson(controllers);
        _jmc = ReferenceEquals(controllers, serializer) ? jmc : verification.CreateJmc(controllers);
    }

    public void PostConfigure(string? name, MvcOptions options)
    {
        if (options.OutputFormatters.OfType<FastOutputFormatter>().Any())
        {
            return;
        }

        int outputIndex = IndexOfFirstJsonFormatter(options.OutputFormatters, options.OutputFormatters.Count);
        int inputIndex = IndexOfFirstJsonFormatter(options.InputFormatters, 0);
        foreach (var format in _registry.Formats)
        {
            var (output, input) = CreateFormatters(format.Name, options);
            options.OutputFormatters.Insert(outputIndex++, output);
            options.InputFormatters.Insert(inputIndex++, input);
        }

        options.Filters.Add(new BadRequestBodyExceptionFilter());
        options.Filters.Add(new UnsupportedMediaTypeCounter(_metrics));
    }

    private (OutputFormatter Output, InputFormatter Input) CreateFormatters(string format, MvcOptions options) => format switch
    {
        JsonFormat.Name => (
            new FastJsonOutputFormatter(_json, JsonEncodings(options), _flushThreshold, _metrics, _loggerFactory.CreateLogger<FastJsonOutputFormatter>()),
            new FastJsonInputFormatter(_json, _mvcJsonOptions, _metrics, _loggerFactory.CreateLogger<FastJsonInputFormatter>())),
        JmcFormat.Name => (
            new FastJmcOutputFormatter(_jmc, _flushThreshold, _metrics, _loggerFactory.CreateLogger<FastJmcOutputFormatter>()),
            new FastJmcInputFormatter(_jmc, _mvcJsonOptions, _metrics, _loggerFactory.CreateLogger<FastJmcInputFormatter>())),
        MessagePackFormat.Name => (
            new FastMessagePackOutputFormatter(_messagePack, _flushThreshold, _metrics, _loggerFactory.CreateLogger<FastMessagePackOutputFormatter>()),
            new FastMessagePackInputFormatter(_messagePack, _mvcJsonOptions, _metrics, _loggerFactory.CreateLogger<FastMessagePackInputFormatter>())),
        _ => throw new InvalidOperationException($"No MVC formatters for the format '{format}'."),
    };

    // JSON responses are in the encodings System.Text.Json's formatter would write them in, as the app left its list.
    private static List<Encoding> JsonEncodings(MvcOptions options)
        => options.OutputFormatters.OfType<SystemTextJsonOutputFormatter>().FirstOrDefault() is { } systemTextJson
            ? [.. systemTextJson.SupportedEncodings]
            : [Encoding.UTF8, Encoding.Unicode];

    private static int IndexOfFirstJsonFormatter<TFormatter>(IList<TFormatter> formatters, int otherwise)
    {
        for (int i = 0; i < formatters.Count; i++)
        {
            var supported = formatters[i] switch
            {
                OutputFormatter output => output.SupportedMediaTypes,
                InputFormatter input => input.SupportedMediaTypes,
                _ => null,
            };
            if (supported is not null && supported.Contains("application/json", StringComparer.OrdinalIgnoreCase))
            {
                return i;
            }
        }

        return otherwise;
    }
}
