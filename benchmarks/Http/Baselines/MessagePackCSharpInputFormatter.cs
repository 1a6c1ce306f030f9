using MessagePack;
using Microsoft.AspNetCore.Mvc.Formatters;

namespace FastFormatters.Benchmarks.Http.Baselines;

/// <summary>
/// Reads <c>application/x-msgpack</c> request bodies as <c>MessagePack.AspNetCoreMvcFormatter</c> 3.x's input formatter
/// does: <c>MessagePackSerializer.DeserializeAsync</c> over the request stream.
/// </summary>
internal sealed class MessagePackCSharpInputFormatter : InputFormatter
{
    private readonly MessagePackSerializerOptions _options;

    public MessagePackCSharpInputFormatter(MessagePackSerializerOptions options)
    {
        _options = options;
        SupportedMediaTypes.Add(MessagePackCSharpFormatters.MediaType);
    }

    public override async Task<InputFormatterResult> ReadRequestBodyAsync(InputFormatterContext context)
    {
        ArgumentNullException.ThrowIfNull(context);

        var request = context.HttpContext.Request;
        var result = await MessagePackSerializer.DeserializeAsync(context.ModelType, request.Body, _options, context.HttpContext.RequestAborted).ConfigureAwait(false);
        return await InputFormatterResult.SuccessAsync(result).ConfigureAwait(false);
    }
}
