using FastFormatters.Buffers;
using FastFormatters.Serialization;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Options;

namespace FastFormatters;

/// <summary>
/// Reads a minimal-API request body in a FastFormatters format and says what is wrong with one that cannot be bound,
/// as MVC would answer it: what <see cref="NegotiatedBody{T}"/> binds and what endpoints under
/// <see cref="Microsoft.AspNetCore.Builder.FastFormattersEndpointConventionBuilderExtensions.WithContentNegotiation{TBuilder}"/> read in MessagePack and JMC1.
/// </summary>
internal static class RequestBodyBinding
{
    /// <summary>A body read, or why it could not be.</summary>
    public readonly record struct Outcome(object? Value, BodyError? Error);

    /// <summary>The 415 for a <c>Content-Type</c> no format reads.</summary>
    public static BodyError UnsupportedContentType(HttpContext httpContext, FormatServices services)
    {
        services.Metrics.RecordNegotiation(Diagnostics.NegotiationRecord.UnsupportedMediaType);
        return new BodyError(StatusCodes.Status415UnsupportedMediaType, "The Content-Type '" + httpContext.Request.ContentType
            + "' is not supported. Supported: " + string.Join(", ", services.RequestMediaTypes) + ".", path: null);
    }

    /// <summary>
    /// Reads a <paramref name="type"/> from the body in <paramref name="format"/>; <paramref name="allowsNull"/> says
    /// whether an empty body or a null value binds (an optional parameter) or is a 400.
    /// </summary>
    public static async ValueTask<Outcome> ReadAsync(HttpContext httpContext, FormatServices services, FormatSerializer format, Type type, bool allowsNull)
    {
        if (!format.CanRead(type))
        {
            // As MVC answers when no input formatter can read the type.
            return Failed(StatusCodes.Status415UnsupportedMediaType, $"A {type.Name} cannot be read from {format.Definition.Name}.", path: null);
        }

        RequestBodyParser.Result result;
        try
        {
            result = await RequestBodyParser.ReadAsync(httpContext, format, type, services.Metrics);
        }
        catch (BadHttpRequestException ex)
        {
            // The body could not be received whole: over a size limit (413), too slow (408), cut short (400).
            return Failed(ex.StatusCode, ex.Message, path: null);
        }

        if (result.Unsupported is { } unsupported)
        {
            return Failed(StatusCodes.Status415UnsupportedMediaType, unsupported, path: null);
        }

        if (result.IsEmpty)
        {
            // As minimal APIs bind [FromBody] T: an optional body may be left out.
            return allowsNull ? default : Failed(StatusCodes.Status400BadRequest, "A non-empty request body is required.", path: string.Empty);
        }

        if (result.Error is { } error)
        {
            // A value a converter refused is keyed at the body, with MVC's message, as MVC keys it.
            // The parser's message only where MVC's policy lets clients see it, so both worlds answer alike.
            return result.IsInvalidValue
                ? Failed(StatusCodes.Status400BadRequest, error.Message, path: string.Empty)
                : Failed(StatusCodes.Status400BadRequest, ShowsExceptionMessages(httpContext) ? $"{error.Message} Path: {error.Path}, byte {error.BytePosition}." : "The input was not valid.", error.Path);
        }

        if (result.Value is null && !allowsNull)
        {
            // A non-nullable body parameter, as MVC's implicit [Required] treats it.
            return Failed(StatusCodes.Status400BadRequest, "The request body must not be null.", path: string.Empty);
        }

        return new Outcome(result.Value, null);
    }

    /// <summary>The problem result a body error is answered with: a validation problem keyed by its path, else a plain problem.</summary>
    public static IResult ToResult(BodyError error)
        => error.Path is null
            ? TypedResults.Problem(statusCode: error.StatusCode, detail: error.Detail)
            : TypedResults.ValidationProblem(new Dictionary<string, string[]> { [error.Path] = [error.Detail] });

    // MVC's JsonOptions.AllowInputFormatterExceptionMessages (on unless the app turns it off), read where MVC is not
    // registered too: one policy for the messages of every 400 a body gets.
    private static bool ShowsExceptionMessages(HttpContext httpContext)
        => httpContext.RequestServices.GetService<IOptions<Microsoft.AspNetCore.Mvc.JsonOptions>>()?.Value.AllowInputFormatterExceptionMessages ?? true;

    private static Outcome Failed(int statusCode, string detail, string? path) => new(null, new BodyError(statusCode, detail, path));
}
