using System.Reflection;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Routing;

namespace FastFormatters.IntegrationTests.JsonParity;

/// <summary>
/// The minimal-API endpoints of every model, under <c>/minimal/{key}</c>: <c>Results.Json</c> and a plain
/// <c>[FromBody] T</c> (built-in, with the minimal-API JsonOptions) beside <c>FastResults.Negotiated</c> and
/// <c>NegotiatedBody&lt;T&gt;</c> (FastFormatters), in the same host.
/// </summary>
public static class ParityEndpoints
{
    private static readonly MethodInfo s_map = typeof(ParityEndpoints).GetMethod(nameof(Map), BindingFlags.NonPublic | BindingFlags.Static)!;

    public static void MapParityEndpoints(this IEndpointRouteBuilder app)
    {
        foreach (var entry in ParityCatalog.All)
        {
            s_map.MakeGenericMethod(entry.Type).Invoke(null, [app.MapGroup("/minimal/" + entry.Key)]);
        }
    }

    // The handlers are passed as Delegate: ASP.NET Core's route-handler analyzer fails (AD0001) on lambdas over a
    // generic method's type parameter.
    private static void Map<T>(RouteGroupBuilder group)
    {
        Delegate builtin = () => Results.Json(ParityCatalog.SampleOf<T>());
        Delegate negotiated = () => FastResults.Negotiated(ParityCatalog.SampleOf<T>());

        // Both echoes answer through the built-in Results.Json<T>, so the comparison uses one writer.
        Delegate echoBuiltin = (HttpContext context, [FromBody] T body) => Echo(context, body);
        Delegate echoNegotiated = (HttpContext context, NegotiatedBody<T> body) => Echo(context, body.Value);

        group.MapGet("/builtin", builtin);
        group.MapGet("/negotiated", negotiated);
        group.MapPost("/echo-builtin", echoBuiltin);
        group.MapPost("/echo-negotiated", echoNegotiated);
    }

    private static IResult Echo<T>(HttpContext context, T body)
    {
        context.Response.Headers[ParityHost.ReceivedTypeHeader] = body?.GetType().Name ?? "null";
        return Results.Json(body);
    }
}
