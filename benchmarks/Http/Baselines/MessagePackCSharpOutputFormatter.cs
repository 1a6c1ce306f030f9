using MessagePack;
using Microsoft.AspNetCore.Mvc.Formatters;

namespace FastFormatters.Benchmarks.Http.Baselines;

/// <summary>
/// Writes <c>application/x-msgpack</c> as <c>MessagePack.AspNetCoreMvcFormatter</c> 3.x's output formatter does: the
/// whole value serialized into the response's <c>BodyWriter</c>, then one flush.
/// </summary>
internal sealed class MessagePackCSharpOutputFormatter : OutputFormatter
{
    private readonly MessagePackSerializerOptions _options;

    public MessagePackCSharpOutputFormatter(MessagePackSerializerOptions options)
    {
        _options = options;
        SupportedMediaTypes.Add(MessagePackCSharpFormatters.MediaType);
    }

    public override Task WriteResponseBodyAsync(OutputFormatterWriteContext context)
    {
        ArgumentNullException.ThrowIfNull(context);

        // MVC answers a null value with 204 before it picks a formatter, so there is always a value here.
        var value = context.Object!;
        var type = context.ObjectType is null || context.ObjectType == typeof(object) ? value.GetType() : context.ObjectType;
        var writer = context.HttpContext.Response.BodyWriter;
        MessagePackSerializer.Serialize(type, writer, value, _options, context.HttpContext.RequestAborted);
        return writer.FlushAsync().AsTask();
    }
}
