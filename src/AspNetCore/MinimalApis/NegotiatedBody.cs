using System.Reflection;
using FastFormatters.Buffers;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.Metadata;
using Microsoft.Extensions.DependencyInjection;

namespace FastFormatters;

/// <summary>
/// A minimal-API request body in any FastFormatters format, chosen by its <c>Content-Type</c>: declare a handler
/// parameter of this type. A body the format rejects is answered 400 with a validation problem keyed by its JSON path,
/// an unknown or missing <c>Content-Type</c> 415, and an empty body 400 — as MVC does — and the handler does not run.
/// </summary>
/// <typeparam name="T">The type of the body.</typeparam>
// The wrapper itself is not validated (its Value would be "Value.Member" in error keys, and reading it throws when the
// body was bad): the endpoint filter validates the body, as T, with the app's validation options.
#pragma warning disable ASP0029 // Microsoft.Extensions.Validation is marked for evaluation in .NET 10.
[Microsoft.Extensions.Validation.SkipValidation]
#pragma warning restore ASP0029
public sealed class NegotiatedBody<T> : IEndpointParameterMetadataProvider, INegotiatedBody
{
    private readonly T _value;

    private NegotiatedBody(T value, string format, BodyError? error)
    {
        _value = value;
        Format = format;
        Error = error;
    }

    /// <summary>The body.</summary>
    public T Value => Error is null ? _value : throw new InvalidOperationException("The request body could not be read: " + Error.Detail);

    /// <summary>The short name of the format the body was in, e.g. <c>json</c>.</summary>
    public string Format { get; }

    /// <summary>Why the body could not be read; the endpoint filter answers it before the handler runs.</summary>
    public BodyError? Error { get; }

    object? INegotiatedBody.ValueForValidation => Error is null ? _value : null;

    Type INegotiatedBody.ValueType => typeof(T);

    /// <summary>Reads the body; called by minimal APIs.</summary>
    public static async ValueTask<NegotiatedBody<T>?> BindAsync(HttpContext httpContext, ParameterInfo parameter)
    {
        ArgumentNullException.ThrowIfNull(httpContext);
        var services = httpContext.RequestServices.GetRequiredService<FormatServices>();
        var format = services.FindByContentType(httpContext.Request.ContentType);
        if (format is null)
        {
            services.Metrics.RecordNegotiation(Diagnostics.NegotiationRecord.UnsupportedMediaType);
            return Failed(StatusCodes.Status415UnsupportedMediaType, "The Content-Type '" + httpContext.Request.ContentType
                + "' is not supported. Supported: " + string.Join(", ", FastFormats.RequestMediaTypes) + ".", path: null);
        }

        if (!format.CanRead(typeof(T)))
        {
            // As MVC answers when no input formatter can read the type.
            return Failed(StatusCodes.Status415UnsupportedMediaType, $"A {typeof(T).Name} cannot be read from {format.Definition.Name}.", path: null);
        }

        RequestBodyParser.Result result;
        try
        {
            result = await RequestBodyParser.ReadAsync(httpContext, format, typeof(T), services.Metrics);
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
            // As minimal APIs bind [FromBody] T: an optional body (NegotiatedBody<Order?>) may be left out.
            return AllowsNull(parameter)
                ? new NegotiatedBody<T>(default!, format.Definition.Name, null)
                : Failed(StatusCodes.Status400BadRequest, "A non-empty request body is required.", path: string.Empty);
        }

        if (result.Error is { } error)
        {
            // A value a converter refused is keyed at the body, with MVC's message, as MVC keys it.
            // The parser's message only where MVC's policy lets clients see it, so both worlds answer alike.
            return error.IsInvalidValue
                ? Failed(StatusCodes.Status400BadRequest, error.Message, path: string.Empty)
                : Failed(StatusCodes.Status400BadRequest, ShowsExceptionMessages(httpContext) ? $"{error.Message} Path: {error.Path}, byte {error.BytePosition}." : "The input was not valid.", error.Path);
        }

        if (result.Value is null && !AllowsNull(parameter))
        {
            // A non-nullable body parameter, as MVC's implicit [Required] treats it.
            return Failed(StatusCodes.Status400BadRequest, "The request body must not be null.", path: string.Empty);
        }

        return new NegotiatedBody<T>((T)result.Value!, format.Definition.Name, null);
    }

    /// <inheritdoc />
    public static void PopulateMetadata(ParameterInfo parameter, EndpointBuilder builder)
    {
        ArgumentNullException.ThrowIfNull(builder);
        builder.Metadata.Add(new AcceptsMetadata(FastFormats.RequestMediaTypes, typeof(T)));
        NegotiatedBodyFilter.AddTo(builder);
        EndpointContracts.Check(typeof(T), reading: true, builder);
    }

    // MVC's JsonOptions.AllowInputFormatterExceptionMessages (on unless the app turns it off), read where MVC is not
    // registered too: one policy for the messages of every 400 a body gets.
    private static bool ShowsExceptionMessages(HttpContext httpContext)
        => httpContext.RequestServices.GetService<Microsoft.Extensions.Options.IOptions<Microsoft.AspNetCore.Mvc.JsonOptions>>()?.Value.AllowInputFormatterExceptionMessages ?? true;

    // NegotiatedBody<Order?> (or a nullable value type) allows a null body; NegotiatedBody<Order> does not.
    private static bool AllowsNull(ParameterInfo parameter)
    {
        if (default(T) is not null)
        {
            return false;
        }

        if (Nullable.GetUnderlyingType(typeof(T)) is not null)
        {
            return true;
        }

        var nullability = new NullabilityInfoContext().Create(parameter);
        return nullability.GenericTypeArguments is [{ ReadState: not NullabilityState.NotNull }];
    }

    private static NegotiatedBody<T> Failed(int statusCode, string detail, string? path)
        => new(default!, string.Empty, new BodyError(statusCode, detail, path));
}
