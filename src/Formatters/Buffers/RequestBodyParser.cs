using FastFormatters.Serialization;
using Microsoft.AspNetCore.Http;

namespace FastFormatters.Buffers;

/// <summary>Reads a whole request body and deserializes it in one format: the shared input path of MVC and minimal APIs.</summary>
internal static class RequestBodyParser
{
    /// <summary>The outcome of reading a body.</summary>
    public readonly record struct Result(bool IsEmpty, object? Value, FormatReadException? Error);

    public static async ValueTask<Result> ReadAsync(HttpContext httpContext, IFormatSerializer format, Type type)
    {
        using var body = await RequestBodyReader.ReadAsync(httpContext.Request, httpContext.RequestAborted).ConfigureAwait(false);
        if (body.Length == 0)
        {
            return new Result(true, null, null);
        }

        try
        {
            return new Result(false, format.Deserialize(body.Span, type), null);
        }
        catch (FormatReadException ex)
        {
            return new Result(false, null, ex);
        }
    }
}
