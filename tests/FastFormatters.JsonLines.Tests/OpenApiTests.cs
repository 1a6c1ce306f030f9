using System.Text.Json.Nodes;
using Microsoft.AspNetCore.Builder;
using Microsoft.Extensions.DependencyInjection;

namespace FastFormatters.JsonLines.Tests;

/// <summary>
/// OpenAPI 3.0/3.1 documents have no schema for one line of a body, and the whole body is no array: JSON Lines is left
/// out of every operation's content, in a document described by FastFormatters.OpenApi and in a plain one alike, while
/// JSON stays.
/// </summary>
public sealed class OpenApiTests
{
    private static readonly string[] s_jsonLinesTypes = ["application/jsonl", "application/x-ndjson", "application/jsonlines"];

    [Theory]
    [InlineData(true)]
    [InlineData(false)]
    public async Task No_operation_lists_a_JSON_Lines_media_type(bool describedByFastFormatters)
    {
        await using var host = await KestrelApp.StartAsync(
            builder =>
            {
                builder.Services.AddControllers().AddApplicationPart(typeof(FeedController).Assembly).AddFastFormatters().AddJsonLines();
                builder.Services.AddSingleton<Gates>();
                if (describedByFastFormatters)
                {
                    builder.Services.AddOpenApi(options => options.AddFastFormatters());
                }
                else
                {
                    builder.Services.AddOpenApi();
                }
            },
            app =>
            {
                app.MapControllers();
                var api = app.MapGroup("/minimal").WithContentNegotiation();
                api.MapGet("/list", () => new List<Entry> { new(1, "a") });
                api.MapPost("/list", (List<Entry> entries) => entries.Count);
                app.MapOpenApi();
            });

        string text = await host.Client.GetStringAsync("/openapi/v1.json");
        var document = JsonNode.Parse(text)!.AsObject();
        var mediaTypes = new List<string>();
        foreach (var (_, path) in document["paths"]!.AsObject())
        {
            foreach (var (_, operation) in path!.AsObject())
            {
                if (operation!["requestBody"]?["content"] is JsonObject requestContent)
                {
                    mediaTypes.AddRange(requestContent.Select(entry => entry.Key));
                }

                foreach (var (_, response) in operation["responses"]?.AsObject() ?? [])
                {
                    if (response!["content"] is JsonObject responseContent)
                    {
                        mediaTypes.AddRange(responseContent.Select(entry => entry.Key));
                    }
                }
            }
        }

        Assert.Contains("application/json", mediaTypes);
        Assert.Empty(mediaTypes.Intersect(s_jsonLinesTypes));
    }
}
