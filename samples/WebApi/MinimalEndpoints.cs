using FastFormatters.HttpResults;
using FastFormatters.Samples.WebApi.Data;
using FastFormatters.Samples.WebApi.Models;
using Microsoft.AspNetCore.Http.HttpResults;

namespace FastFormatters.Samples.WebApi;

/// <summary>The controller endpoints again as minimal APIs, under <c>/minimal</c>, negotiated by the same rules.</summary>
public static class MinimalEndpoints
{
    /// <summary>Maps the minimal-API endpoints.</summary>
    public static void MapMinimalEndpoints(this IEndpointRouteBuilder app)
    {
        var group = app.MapGroup("/minimal").WithTags("Minimal APIs");

        group.MapGet("/statuses", Results<Negotiated<List<Status>>, ValidationProblem> (int? count) =>
            count is < 0 or > StatusFeed.MaxCount
                ? TypedResults.ValidationProblem(new Dictionary<string, string[]> { ["count"] = [$"The field count must be between 0 and {StatusFeed.MaxCount}."] })
                : FastResults.Negotiated(StatusFeed.Generate(count ?? 100)))
            .WithSummary("The first count statuses of the deterministic feed.");

        group.MapGet("/statuses/stream", Results<Negotiated<IAsyncEnumerable<Status>>, ValidationProblem> (int? count, CancellationToken cancellationToken) =>
            count is < 0 or > StatusFeed.MaxStreamCount
                ? TypedResults.ValidationProblem(new Dictionary<string, string[]> { ["count"] = [$"The field count must be between 0 and {StatusFeed.MaxStreamCount}."] })
                : FastResults.Negotiated(StatusFeed.StreamAsync(count ?? 1000, cancellationToken)))
            .WithSummary("The first count statuses, streamed in flushed chunks.");

        group.MapGet("/orders/{id:int}", Results<Negotiated<Order>, ProblemHttpResult> (int id, OrderStore store) =>
            store.Find(id) is { } order
                ? FastResults.Negotiated(order)
                : TypedResults.Problem(statusCode: StatusCodes.Status404NotFound))
            .ProducesProblem(StatusCodes.Status404NotFound)
            .WithSummary("One order; 1 to 1000 always exist.");

        // The body is validated before the handler runs, as for a [FromBody] JSON parameter (AddValidation in SampleApp):
        // an invalid order is a 400 validation problem in any format.
        group.MapPost("/orders", (NegotiatedBody<CreateOrderRequest> body, OrderStore store) =>
            {
                var order = store.Place(body.Value);
                return FastResults.Created($"/minimal/orders/{order.Id}", order);
            })
            .WithSummary("Places an order.");

        group.MapPost("/echo", (NegotiatedBody<object?> body) => FastResults.Negotiated(body.Value))
            .WithSummary("Echoes any document; the response format follows Accept.");

        MapPlainEndpoints(app);
    }

    // Handlers written as the .NET templates write them, negotiated by one line: the group's WithContentNegotiation().
    private static void MapPlainEndpoints(IEndpointRouteBuilder app)
    {
        var group = app.MapGroup("/plain").WithTags("Minimal APIs, plain handlers").WithContentNegotiation();

        group.MapGet("/statuses", (int? count) => StatusFeed.Generate(Math.Clamp(count ?? 100, 0, StatusFeed.MaxCount)))
            .WithSummary("The first count statuses of the deterministic feed (at most the feed's maximum).");

        group.MapGet("/orders/{id:int}", Results<Ok<Order>, NotFound> (int id, OrderStore store) =>
            store.Find(id) is { } order ? TypedResults.Ok(order) : TypedResults.NotFound())
            .WithName("PlainOrder")
            .WithSummary("One order; 1 to 1000 always exist.");

        group.MapPost("/orders", (CreateOrderRequest request, OrderStore store) =>
            {
                var order = store.Place(request);
                return TypedResults.CreatedAtRoute(order, "PlainOrder", new RouteValueDictionary { ["id"] = order.Id });
            })
            .WithSummary("Places an order: the body in any format, validated as a JSON body is.");
    }
}
