using System.Runtime.CompilerServices;
using FastFormatters.HttpResults;
using FastFormatters.Samples.WebApi.Data;
using FastFormatters.Samples.WebApi.Models;
using Microsoft.AspNetCore.Http.HttpResults;

namespace FastFormatters.Samples.WebApi;

/// <summary>A live feed: statuses produced one at a time, which JSON Lines delivers one line each as they come.</summary>
public static class LiveFeedEndpoints
{
    /// <summary>The most statuses one live feed produces.</summary>
    public const int MaxCount = 100;

    /// <summary>The longest wait between two statuses, in milliseconds.</summary>
    public const int MaxIntervalMilliseconds = 5_000;

    /// <summary>Maps <c>GET /minimal/statuses/live</c>.</summary>
    public static void MapLiveFeedEndpoints(this IEndpointRouteBuilder app)
    {
        app.MapGet("/minimal/statuses/live", Results<Negotiated<IAsyncEnumerable<Status>>, ValidationProblem> (int? count, int? intervalMs, CancellationToken cancellationToken) =>
                count is < 0 or > MaxCount
                    ? TypedResults.ValidationProblem(new Dictionary<string, string[]> { ["count"] = [$"The field count must be between 0 and {MaxCount}."] })
                    : intervalMs is < 0 or > MaxIntervalMilliseconds
                        ? TypedResults.ValidationProblem(new Dictionary<string, string[]> { ["intervalMs"] = [$"The field intervalMs must be between 0 and {MaxIntervalMilliseconds}."] })
                        : FastResults.Negotiated(ProduceAsync(count ?? 10, TimeSpan.FromMilliseconds(intervalMs ?? 500), cancellationToken)))
            .WithTags("Minimal APIs")
            .WithSummary("A live feed: count statuses, one every intervalMs milliseconds.")
            .WithDescription("Ask for application/jsonl (or application/x-ndjson) to get one status per line as each is produced, e.g. `curl -N -H 'Accept: application/jsonl' .../minimal/statuses/live`. JSON sends the same statuses as one array, also as they come.");
    }

    private static async IAsyncEnumerable<Status> ProduceAsync(int count, TimeSpan interval, [EnumeratorCancellation] CancellationToken cancellationToken)
    {
        for (int i = 0; i < count; i++)
        {
            if (i > 0)
            {
                // Where a real feed waits for its next event.
                await Task.Delay(interval, cancellationToken);
            }

            yield return StatusFeed.Create(i);
        }
    }
}
