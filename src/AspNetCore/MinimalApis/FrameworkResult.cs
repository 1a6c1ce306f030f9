using System.Diagnostics.CodeAnalysis;
using System.Reflection;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.HttpResults;
using Microsoft.AspNetCore.Routing;
using Microsoft.Extensions.DependencyInjection;

namespace FastFormatters;

/// <summary>
/// What the content-negotiation convention needs of one of ASP.NET Core's value-carrying results (<c>Ok&lt;T&gt;</c>,
/// <c>Created&lt;T&gt;</c>, <c>JsonHttpResult&lt;T&gt;</c>, …): the type its value is declared as, the <c>Location</c>
/// it sends, and whether it must be written as given. Those results expose their headers only as properties of their
/// generic types, so this is the one place that reads them by reflection, kept for trimming by the attributes below.
/// </summary>
internal sealed class FrameworkResult
{
    private readonly PropertyInfo? _location;
    private readonly PropertyInfo? _routeName;
    private readonly PropertyInfo? _routeValues;
    private readonly PropertyInfo? _jsonOptions;
    private readonly PropertyInfo? _contentType;

    private FrameworkResult(Type? valueType, PropertyInfo? location = null, PropertyInfo? routeName = null, PropertyInfo? routeValues = null, PropertyInfo? jsonOptions = null, PropertyInfo? contentType = null)
    {
        ValueType = valueType;
        _location = location;
        _routeName = routeName;
        _routeValues = routeValues;
        _jsonOptions = jsonOptions;
        _contentType = contentType;
    }

    /// <summary>A value, or a result FastFormatters does not know: written as its value's type, with no headers of its own.</summary>
    public static FrameworkResult Other { get; } = new(null);

    /// <summary>The type the result declares its value as (<c>T</c> of <c>Ok&lt;T&gt;</c>), or null for the value's own type.</summary>
    public Type? ValueType { get; }

    [DynamicDependency(DynamicallyAccessedMemberTypes.PublicProperties, typeof(Created<>))]
    [DynamicDependency(DynamicallyAccessedMemberTypes.PublicProperties, typeof(Accepted<>))]
    [DynamicDependency(DynamicallyAccessedMemberTypes.PublicProperties, typeof(CreatedAtRoute<>))]
    [DynamicDependency(DynamicallyAccessedMemberTypes.PublicProperties, typeof(AcceptedAtRoute<>))]
    [DynamicDependency(DynamicallyAccessedMemberTypes.PublicProperties, typeof(JsonHttpResult<>))]
    [UnconditionalSuppressMessage("Trimming", "IL2070", Justification = "The properties read are public properties of the generic result types the DynamicDependency attributes keep.")]
    public static FrameworkResult Describe(Type resultType)
    {
        if (!resultType.IsGenericType)
        {
            return Other;
        }

        var definition = resultType.GetGenericTypeDefinition();
        var valueType = resultType.GetGenericArguments()[0];
        if (definition == typeof(Created<>) || definition == typeof(Accepted<>))
        {
            return new(valueType, location: resultType.GetProperty(nameof(Created<object>.Location)));
        }

        if (definition == typeof(CreatedAtRoute<>) || definition == typeof(AcceptedAtRoute<>))
        {
            return new(valueType, routeName: resultType.GetProperty(nameof(CreatedAtRoute<object>.RouteName)), routeValues: resultType.GetProperty(nameof(CreatedAtRoute<object>.RouteValues)));
        }

        if (definition == typeof(JsonHttpResult<>))
        {
            return new(valueType, jsonOptions: resultType.GetProperty(nameof(JsonHttpResult<object>.JsonSerializerOptions)), contentType: resultType.GetProperty(nameof(JsonHttpResult<object>.ContentType)));
        }

        return definition == typeof(Ok<>) || definition == typeof(BadRequest<>) || definition == typeof(Conflict<>) || definition == typeof(NotFound<>)
            || definition == typeof(UnprocessableEntity<>) || definition == typeof(InternalServerError<>)
            ? new(valueType)
            : Other;
    }

    /// <summary>
    /// Whether ASP.NET Core must write <paramref name="result"/> itself: a <c>JsonHttpResult&lt;T&gt;</c> given its own
    /// serializer options or content type asks for that JSON, not the negotiated format.
    /// </summary>
    public bool IsWrittenAsGiven(IResult result)
        => _jsonOptions is not null && (_jsonOptions.GetValue(result) is not null || _contentType?.GetValue(result) is not null);

    /// <summary>Sends the <c>Location</c> <paramref name="result"/> would send, as ASP.NET Core's result computes it.</summary>
    public void SetHeaders(IResult result, HttpContext httpContext)
    {
        if (_location is not null)
        {
            if (_location.GetValue(result) is string { Length: > 0 } location)
            {
                httpContext.Response.Headers.Location = location;
            }
        }
        else if (_routeValues is not null)
        {
            var links = httpContext.RequestServices.GetRequiredService<LinkGenerator>();
            string? url = links.GetUriByRouteValues(httpContext, (string?)_routeName?.GetValue(result), (RouteValueDictionary?)_routeValues.GetValue(result), fragment: FragmentString.Empty);
            if (string.IsNullOrEmpty(url))
            {
                throw new InvalidOperationException("No route matches the supplied values.");
            }

            httpContext.Response.Headers.Location = url;
        }
    }
}
