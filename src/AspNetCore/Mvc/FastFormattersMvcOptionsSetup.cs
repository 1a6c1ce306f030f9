using System.Text;
using FastFormatters.Diagnostics;
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
    private readonly FormatSerializer[] _formats;
    private readonly ILoggerFactory _loggerFactory;
    private readonly FormatterMetrics _metrics;
    private readonly int _flushThreshold;
    private readonly JsonOptions _mvcJsonOptions;

    public FastFormattersMvcOptionsSetup(
        FastFormattersSerializer serializer,
        FastFormats formats,
        FormatSerializers minimal,
        IOptions<JsonOptions> mvcJsonOptions,
        IOptions<FastFormattersOptions> options,
        FormatterMetrics metrics,
        ResponseVerification verification,
        ILoggerFactory loggerFactory)
    {
        _metrics = metrics;
        _loggerFactory = loggerFactory;
        _flushThreshold = options.Value.ResponseFlushThreshold;
        _mvcJsonOptions = mvcJsonOptions.Value;

        // Controllers' formats follow MVC's JsonOptions (AddJsonOptions), which may differ from the minimal APIs': each
        // format is then made again from a serializer with those options.
        var controllers = serializer.WithJsonSerializerOptions(mvcJsonOptions.Value.JsonSerializerOptions);
        _formats = ReferenceEquals(controllers, serializer) ? minimal.All : verification.Create(formats.Create(controllers), controllers);
    }

    public void PostConfigure(string? name, MvcOptions options)
    {
        if (options.OutputFormatters.OfType<FastOutputFormatter>().Any())
        {
            return;
        }

        int outputIndex = IndexOfFirstJsonFormatter(options.OutputFormatters, options.OutputFormatters.Count);
        int inputIndex = IndexOfFirstJsonFormatter(options.InputFormatters, 0);
        var textEncodings = TextEncodings(options);
        foreach (var format in _formats)
        {
            var output = new FastOutputFormatter(format, _flushThreshold, _metrics, _loggerFactory.CreateLogger<FastOutputFormatter>());
            if (format.IsUtf8Text)
            {
                output.SupportedEncodings.Clear();
                foreach (var encoding in textEncodings)
                {
                    output.SupportedEncodings.Add(encoding);
                }
            }

            options.OutputFormatters.Insert(outputIndex++, output);
            options.InputFormatters.Insert(inputIndex++, new FastInputFormatter(format, _mvcJsonOptions, _metrics, _loggerFactory.CreateLogger<FastInputFormatter>()));
        }

        options.Filters.Add(new BadRequestBodyExceptionFilter());
        options.Filters.Add(new UnsupportedMediaTypeCounter(_metrics));
    }

    // Text responses are in the encodings System.Text.Json's formatter would write JSON in, as the app left its list.
    private static List<Encoding> TextEncodings(MvcOptions options)
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
