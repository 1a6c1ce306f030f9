using FastFormatters.Json;
using FastFormatters.Serialization;
using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Mvc.Formatters;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Options;

namespace FastFormatters.Mvc;

/// <summary>
/// Puts the FastFormatters formatters just before the first formatter that handles <c>application/json</c>
/// (System.Text.Json's by default). A post-configuration runs after every <c>Configure</c>, so the order of
/// <c>AddControllers</c> and <c>AddFastFormatters</c> does not matter; an application that wants its own JSON
/// formatter to win inserts it after this runs.
/// </summary>
internal sealed class FastFormattersMvcOptionsSetup : IPostConfigureOptions<MvcOptions>
{
    private readonly FastSerializer _serializer;
    private readonly JsonFormatSerializer _json;
    private readonly ILoggerFactory _loggerFactory;

    public FastFormattersMvcOptionsSetup(FastSerializer serializer, JsonFormatSerializer json, ILoggerFactory loggerFactory)
    {
        _serializer = serializer;
        _json = json;
        _loggerFactory = loggerFactory;
    }

    public void PostConfigure(string? name, MvcOptions options)
    {
        if (options.OutputFormatters.OfType<FastJsonOutputFormatter>().Any())
        {
            return;
        }

        var output = new FastJsonOutputFormatter(_json, _serializer.Settings, _loggerFactory.CreateLogger<FastJsonOutputFormatter>());
        options.OutputFormatters.Insert(IndexOfFirstJsonFormatter(options.OutputFormatters, options.OutputFormatters.Count), output);

        var input = new FastJsonInputFormatter(_json, _loggerFactory.CreateLogger<FastJsonInputFormatter>());
        options.InputFormatters.Insert(IndexOfFirstJsonFormatter(options.InputFormatters, 0), input);

        options.Filters.Add(new BadRequestBodyExceptionFilter());
    }

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
