using System.Reflection;
using FastFormatters.Compatibility.Tests.Samples;
using FastFormatters.HttpResults;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Routing;

namespace FastFormatters.Compatibility.Tests.Infrastructure;

/// <summary>The minimal-API twins (echo, sample, describe) of <see cref="RoundTripController{T}"/>, under <c>/minimal/{RouteKey}</c>.</summary>
public static class MinimalRoundTripEndpoints
{
    private static readonly MethodInfo s_mapFor = typeof(MinimalRoundTripEndpoints).GetMethod(nameof(MapFor), BindingFlags.NonPublic | BindingFlags.Static)!;

    public static void MapRoundTripEndpoints(this IEndpointRouteBuilder app, IEnumerable<Type> types)
    {
        foreach (var type in types)
        {
            s_mapFor.MakeGenericMethod(type).Invoke(null, [app]);
        }
    }

    private static void MapFor<T>(IEndpointRouteBuilder app)
    {
        string key = RouteKey.For(typeof(T));

        // Negotiated<T>: written as the declared T, so a union interface is written in union form.
        app.MapPost($"/minimal/{key}/echo", (NegotiatedBody<T> body) => FastResults.Negotiated(body.Value));
        app.MapGet($"/minimal/{key}/sample", (string name) => FastResults.Negotiated((T)SampleCatalog.Get(name).Value!));
        app.MapPost($"/minimal/{key}/describe", (NegotiatedBody<T> body) => FastResults.Negotiated(ValueDescriber.Describe(body.Value)));
    }
}
