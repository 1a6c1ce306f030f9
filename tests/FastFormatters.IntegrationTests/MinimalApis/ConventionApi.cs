using System.ComponentModel.DataAnnotations;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.HttpResults;
using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Routing;

namespace FastFormatters.IntegrationTests.MinimalApis;

/// <summary>A forecast, as the .NET 10 <c>webapi</c> template's.</summary>
public sealed record WeatherForecast(DateOnly Date, int TemperatureC, string? Summary)
{
    public int TemperatureF => 32 + (int)(TemperatureC / 0.5556);
}

/// <summary>A value with a member only System.Text.Json's asynchronous writer streams: FastFormatters refuses it.</summary>
public sealed record Countdown(string Name, IAsyncEnumerable<int> Numbers);

/// <summary>A ticket a client sends and gets back.</summary>
public sealed class Ticket
{
    public int Id { get; set; }

    [Required]
    [StringLength(20, MinimumLength = 1)]
    public string Title { get; set; } = "";

    [Range(1, 5)]
    public int Priority { get; set; }

    public List<string> Labels { get; set; } = [];

    public decimal? Estimate { get; set; }
}

/// <summary>
/// A minimal API written as the .NET 10 templates write one: plain values, typed results, unions and inferred bodies,
/// with no FastFormatters type in any handler. The tests map it twice, with and without the convention.
/// </summary>
public static class ConventionApi
{
    private static readonly string[] s_summaries = ["Freezing", "Bracing", "Chilly", "Cool", "Mild", "Warm", "Balmy", "Hot", "Sweltering", "Scorching"];

    public static Ticket Sample(int id) => new() { Id = id, Title = "Ticket " + id, Priority = 1 + (id % 5), Labels = ["a", "ü"], Estimate = id * 1.25m };

    public static void Map(IEndpointRouteBuilder routes)
    {
        routes.MapGet("/weatherforecast", () => Enumerable.Range(1, 5)
            .Select(index => new WeatherForecast(new DateOnly(2026, 11, 27).AddDays(index), -20 + (index * 11), s_summaries[index]))
            .ToArray());
        routes.MapGet("/tickets", () => new List<Ticket> { Sample(1), Sample(2) });
        routes.MapGet("/tickets/async", async () =>
        {
            await Task.Yield();
            return Sample(3);
        });
        routes.MapGet("/tickets/{id:int}", Results<Ok<Ticket>, NotFound> (int id) => id > 0 ? TypedResults.Ok(Sample(id)) : TypedResults.NotFound())
            .WithName("GetTicket");
        routes.MapGet("/tickets/missing/{id:int}", Results<Ok<Ticket>, NotFound<ProblemDetails>> (int id)
            => TypedResults.NotFound(new ProblemDetails { Title = "No ticket " + id, Status = 404 }));
        routes.MapGet("/tickets/untyped", IResult () => Results.Ok(Sample(4)));
        routes.MapGet("/tickets/json", () => TypedResults.Json(Sample(5), statusCode: StatusCodes.Status202Accepted));
        routes.MapGet("/tickets/json/own-options", () => TypedResults.Json(Sample(6), new System.Text.Json.JsonSerializerOptions { WriteIndented = true }));
        routes.MapGet("/tickets/stream", () => StreamAsync());
        routes.MapGet("/countdown", () => new Countdown("launch", CountdownAsync()));
        routes.MapGet("/countdown/ok", () => TypedResults.Ok(new Countdown("launch", CountdownAsync())));
        routes.MapGet("/text", () => "plain text");
        routes.MapGet("/nothing", () => TypedResults.NoContent());
        routes.MapGet("/problem/value", () => new ProblemDetails { Title = "A value", Status = 200 });
        routes.MapGet("/problem", () => TypedResults.Problem("It went wrong.", statusCode: StatusCodes.Status409Conflict));

        routes.MapPost("/tickets", (Ticket ticket) => TypedResults.Created($"/tickets/{ticket.Id}", ticket));
        routes.MapPost("/tickets/at-route", (Ticket ticket) => TypedResults.CreatedAtRoute(ticket, "GetTicket", new RouteValueDictionary { ["id"] = ticket.Id }));
        routes.MapPost("/tickets/accepted", ([FromBody] Ticket ticket) => TypedResults.Accepted($"/queue/{ticket.Id}", ticket));
        routes.MapPost("/tickets/optional", ([FromBody] Ticket? ticket) => ticket is null ? Results.Ok("none") : Results.Ok(ticket));
        routes.MapPost("/tickets/count", (Ticket ticket) => ticket.Labels.Count);
        routes.MapPost("/tickets/accepted-at-route", (Ticket ticket) => TypedResults.AcceptedAtRoute(ticket, "GetTicket", new RouteValueDictionary { ["id"] = ticket.Id }));
        routes.MapPost("/tickets/checked", Results<Created<Ticket>, BadRequest<Ticket>> (Ticket ticket)
            => ticket.Priority > 3 ? TypedResults.BadRequest(ticket) : TypedResults.Created($"/tickets/{ticket.Id}", ticket));
        routes.MapGet("/tickets/value-task", ValueTask<Ticket> () => ValueTask.FromResult(Sample(8)));
    }

    private static async IAsyncEnumerable<int> CountdownAsync()
    {
        for (int i = 3; i > 0; i--)
        {
            await Task.Yield();
            yield return i;
        }
    }

    private static async IAsyncEnumerable<Ticket> StreamAsync()
    {
        for (int i = 1; i <= 3; i++)
        {
            await Task.Yield();
            yield return Sample(i);
        }
    }
}
