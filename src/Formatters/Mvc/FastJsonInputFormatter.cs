using FastFormatters.Buffers;
using FastFormatters.Json;
using FastFormatters.Serialization;
using Microsoft.AspNetCore.Mvc.Formatters;
using Microsoft.Extensions.Logging;

namespace FastFormatters.Mvc;

/// <summary>
/// Reads JSON request bodies strictly (RFC 8259): the body is read from the request
/// <see cref="System.IO.Pipelines.PipeReader"/> into one pooled buffer, then parsed. Malformed JSON, a value of the wrong
/// type, trailing data, invalid UTF-8 or nesting deeper than <see cref="FastFormattersOptions.MaxDepth"/> becomes a model
/// state error keyed by the JSON path, which <c>[ApiController]</c> turns into a 400 validation problem.
/// </summary>
public sealed class FastJsonInputFormatter : InputFormatter, IInputFormatterExceptionPolicy
{
    private const int MaxModelStateKeySegments = 16;

    private readonly FastSerializer _serializer;
    private readonly ILogger _logger;

    internal FastJsonInputFormatter(FastSerializer serializer, ILogger<FastJsonInputFormatter> logger)
    {
        _serializer = serializer;
        _logger = logger;
        foreach (var mediaType in JsonFormat.Definition.MediaTypes)
        {
            SupportedMediaTypes.Add(mediaType);
        }
    }

    /// <inheritdoc />
    public InputFormatterExceptionPolicy ExceptionPolicy => InputFormatterExceptionPolicy.MalformedInputExceptions;

    /// <inheritdoc />
    public override async Task<InputFormatterResult> ReadRequestBodyAsync(InputFormatterContext context)
    {
        ArgumentNullException.ThrowIfNull(context);
        var httpContext = context.HttpContext;
        using var body = await RequestBodyReader.ReadAsync(httpContext.Request, httpContext.RequestAborted);
        if (body.Length == 0)
        {
            return context.TreatEmptyInputAsDefaultValue
                ? InputFormatterResult.Success(GetDefaultValueForType(context.ModelType))
                : InputFormatterResult.NoValue();
        }

        try
        {
            return InputFormatterResult.Success(_serializer.DeserializeJson(body.Span, context.ModelType));
        }
        catch (FormatReadException ex)
        {
            FormatterLog.BodyRejected(_logger, ex.Format, ex.BytePosition, ex.Path, ex.Message);
            // ModelState rejects keys nested deeper than MVC's recursion limit (32), so very deep paths are cut for the key.
            context.ModelState.TryAddModelError(ex.GetPath(MaxModelStateKeySegments), $"{ex.Message} Path: {ex.Path}, byte {ex.BytePosition}.");
            return InputFormatterResult.Failure();
        }
    }

    /// <inheritdoc />
    protected override bool CanReadType(Type type) => _serializer.Resolver.CanRead(type);
}
