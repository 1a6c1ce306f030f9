using System.Reflection;
using System.Runtime.CompilerServices;
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
    // Each parameter's nullability, read once: NullabilityInfoContext reads attributes, too slow for every request.
    private static readonly ConditionalWeakTable<ParameterInfo, object> s_allowsNull = [];

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
        if (services.FindByContentType(httpContext.Request.ContentType) is not { } format)
        {
            return new NegotiatedBody<T>(default!, string.Empty, RequestBodyBinding.UnsupportedContentType(httpContext, services));
        }

        var outcome = await RequestBodyBinding.ReadAsync(httpContext, services, format, typeof(T), AllowsNull(parameter));
        return outcome.Error is { } error
            ? new NegotiatedBody<T>(default!, string.Empty, error)
            : new NegotiatedBody<T>((T)outcome.Value!, format.Definition.Name, null);
    }

    /// <inheritdoc />
    public static void PopulateMetadata(ParameterInfo parameter, EndpointBuilder builder)
    {
        ArgumentNullException.ThrowIfNull(builder);
        builder.Metadata.Add(new AcceptsMetadata(FastFormats.RequestMediaTypesOf(builder.ApplicationServices), typeof(T)));
        NegotiatedBodyFilter.AddTo(builder);
        EndpointContracts.Check(typeof(T), reading: true, builder);
    }

    // NegotiatedBody<Order?> (or a nullable value type) allows a null body; NegotiatedBody<Order> does not.
    private static bool AllowsNull(ParameterInfo parameter)
    {
        if (default(T) is not null)
        {
            return false;
        }

        return Nullable.GetUnderlyingType(typeof(T)) is not null
            || (bool)s_allowsNull.GetValue(parameter, ReadsAsNullable);
    }

    private static object ReadsAsNullable(ParameterInfo parameter)
    {
        var nullability = new NullabilityInfoContext().Create(parameter);
        return nullability.GenericTypeArguments is [{ ReadState: not NullabilityState.NotNull }];
    }
}
