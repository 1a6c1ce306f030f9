using FastFormatters.Buffers;
using FastFormatters.Diagnostics;
using FastFormatters.Serialization;
using Microsoft.AspNetCore.Mvc.Formatters;
using Microsoft.Extensions.Logging;

namespace FastFormatters.Mvc;

/// <summary>
/// The MVC input formatter of one <see cref="WireFormat"/>, the media types of its definition. The body is read from the
/// request <see cref="System.IO.Pipelines.PipeReader"/> into one pooled buffer (413 past the format's
/// <see cref="WireFormat.MaxRequestBodySize"/>), then parsed strictly. Input the format rejects becomes a model state
/// error keyed by its JSON path, which <c>[ApiController]</c> turns into a 400 validation problem.
/// <c>AddFastFormatters</c> puts one per registered format in <c>MvcOptions.InputFormatters</c>.
/// </summary>
public sealed class FastInputFormatter : InputFormatter, IInputFormatterExceptionPolicy
{
    // ModelState refuses keys nested deeper than MVC's recursion limit (32): very deep paths are cut for the key.
    private const int MaxModelStateKeySegments = 16;

    private readonly FormatSerializer _format;
    private readonly ILogger _logger;
    private readonly FormatterMetrics _metrics;
    private readonly Microsoft.AspNetCore.Mvc.JsonOptions _mvcJsonOptions;

    /// <summary>A formatter that reads <paramref name="format"/>.</summary>
    /// <param name="format">The format read.</param>
    /// <param name="mvcJsonOptions">MVC's JSON options: whether parser messages reach the client (<c>AllowInputFormatterExceptionMessages</c>).</param>
    /// <param name="metrics">Where reads are recorded: the app's, from its services.</param>
    /// <param name="logger">Where rejected bodies are logged.</param>
    public FastInputFormatter(WireFormat format, Microsoft.AspNetCore.Mvc.JsonOptions mvcJsonOptions, FormatterMetrics metrics, ILogger<FastInputFormatter> logger)
        : this(new FormatSerializer(format ?? throw new ArgumentNullException(nameof(format)), FormatBehavior.For(format), verifier: null), mvcJsonOptions, metrics, logger)
    {
    }

    internal FastInputFormatter(FormatSerializer format, Microsoft.AspNetCore.Mvc.JsonOptions mvcJsonOptions, FormatterMetrics metrics, ILogger logger)
    {
        ArgumentNullException.ThrowIfNull(mvcJsonOptions);
        ArgumentNullException.ThrowIfNull(metrics);
        ArgumentNullException.ThrowIfNull(logger);
        _format = format;
        _mvcJsonOptions = mvcJsonOptions;
        _metrics = metrics;
        _logger = logger;
        foreach (var mediaType in format.Definition.MediaTypes)
        {
            SupportedMediaTypes.Add(mediaType);
        }
    }

    /// <summary>The format this formatter reads.</summary>
    public WireFormat WireFormat => _format.Format;

    /// <summary>The format this formatter reads, with what the host keeps for it.</summary>
    internal FormatSerializer Format => _format;

    /// <summary>The short name of the format, e.g. <c>json</c>.</summary>
    public string FormatName => _format.Definition.Name;

    /// <inheritdoc />
    public InputFormatterExceptionPolicy ExceptionPolicy => InputFormatterExceptionPolicy.MalformedInputExceptions;

    /// <inheritdoc />
    public override async Task<InputFormatterResult> ReadRequestBodyAsync(InputFormatterContext context)
    {
        ArgumentNullException.ThrowIfNull(context);
        var result = await RequestBodyParser.ReadAsync(context.HttpContext, _format, context.ModelType, _metrics);
        if (result.Unsupported is { } unsupported)
        {
            // MVC's UnsupportedContentTypeFilter turns this into its 415, as for a Content-Type no formatter reads.
            context.ModelState.TryAddModelException(context.ModelName, new Microsoft.AspNetCore.Mvc.ModelBinding.UnsupportedContentTypeException(unsupported));
            return InputFormatterResult.Failure();
        }

        if (result.IsEmpty)
        {
            return context.TreatEmptyInputAsDefaultValue
                ? InputFormatterResult.Success(GetDefaultValueForType(context.ModelType))
                : InputFormatterResult.NoValue();
        }

        if (result.Error is { } error)
        {
            FormatterLog.BodyRejected(_logger, error.Format, error.BytePosition, error.Path, error.Message);
            AddModelError(context, error, result.IsInvalidValue);
            return InputFormatterResult.Failure();
        }

        // A null literal binds no model, as MVC's own JSON formatter has it: [ApiController] answers a required body.
        return result.Value is null && !context.TreatEmptyInputAsDefaultValue
            ? InputFormatterResult.NoValue()
            : InputFormatterResult.Success(result.Value);
    }

    // As MVC's System.Text.Json formatter keys and words its errors: a value a converter refused is a model error with
    // MVC's own message; anything else is keyed by its path, with our message only where AllowInputFormatterExceptionMessages
    // lets the client see parser messages ("The input was not valid." otherwise).
    private void AddModelError(InputFormatterContext context, FormatReadException error, bool isInvalidValue)
    {
        if (isInvalidValue)
        {
            context.ModelState.TryAddModelError(string.Empty, error.InnerException!, context.Metadata);
        }
        else if (_mvcJsonOptions.AllowInputFormatterExceptionMessages)
        {
            context.ModelState.TryAddModelError(error.GetPath(MaxModelStateKeySegments), $"{error.Message} Path: {error.Path}, byte {error.BytePosition}.");
        }
        else
        {
            context.ModelState.TryAddModelError(error.GetPath(MaxModelStateKeySegments), error, context.Metadata);
        }
    }

    /// <inheritdoc />
    protected override bool CanReadType(Type type) => _format.CanRead(type);
}
