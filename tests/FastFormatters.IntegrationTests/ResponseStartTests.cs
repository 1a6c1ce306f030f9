using System.Buffers;
using System.Net;
using System.Net.Http.Headers;
using System.Text.Json;
using FastFormatters.IntegrationTests.Infrastructure;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;
using Microsoft.Extensions.DependencyInjection;

namespace FastFormatters.IntegrationTests;

/// <summary>
/// What the app does when a response starts happens once, before the first byte of the body, however the writers hand
/// the body to the server: an <c>OnStarting</c> callback that completes later (awaits) holds the body back until it is
/// done, and every size of body (whole and under the flush threshold, whole and over it, a sequence in one chunk, a
/// sequence in many) arrives with the serializer's bytes.
/// </summary>
public sealed class ResponseStartTests : IAsyncLifetime
{
    private static readonly FastFormattersSerializer s_serializer = new(new FastSerializerOptions(), new JsonSerializerOptions(JsonSerializerDefaults.Web));

    private KestrelApp _app = null!;

    public static TheoryData<string, string> Cases()
    {
        var cases = new TheoryData<string, string>();
        foreach (string path in new[] { "/minimal/one", "/minimal/large", "/minimal/few", "/minimal/many", "/mvc/large", "/mvc/many" })
        {
            foreach (string accept in new[] { "application/json", "application/x-msgpack", "application/jsonc" })
            {
                cases.Add(path, accept);
            }
        }

        return cases;
    }

    public async Task InitializeAsync()
        => _app = await KestrelApp.StartAsync(
            builder => builder.Services.AddControllers().AddApplicationPart(typeof(ResponseStartController).Assembly).AddFastFormatters(),
            app =>
            {
                app.Use((context, next) =>
                {
                    // Completes asynchronously, as a callback that reads a store would; counts how often it ran.
                    context.Response.OnStarting(async () =>
                    {
                        await Task.Yield();
                        int calls = context.Items.TryGetValue("starts", out var count) ? (int)count! + 1 : 1;
                        context.Items["starts"] = calls;
                        context.Response.Headers["X-Starts"] = calls.ToString(System.Globalization.CultureInfo.InvariantCulture);
                    });
                    return next(context);
                });
                app.MapControllers();
                app.MapGet("/minimal/one", () => FastResults.Negotiated(StartItems.One(0)));
                app.MapGet("/minimal/large", () => FastResults.Negotiated(StartItems.Large()));
                app.MapGet("/minimal/few", () => FastResults.Negotiated(StartItems.List(3)));
                app.MapGet("/minimal/many", () => FastResults.Negotiated(StartItems.Many()));
            });

    public async Task DisposeAsync() => await _app.DisposeAsync();

    [Theory]
    [MemberData(nameof(Cases))]
    public async Task Every_body_follows_the_apps_start_callback_once_and_arrives_whole(string path, string accept)
    {
        using var request = new HttpRequestMessage(HttpMethod.Get, path);
        request.Headers.Accept.Add(new MediaTypeWithQualityHeaderValue(accept));
        using var response = await _app.Client.SendAsync(request);
        byte[] body = await response.Content.ReadAsByteArrayAsync();

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal(["1"], response.Headers.GetValues("X-Starts"));
        Assert.Equal(accept, response.Content.Headers.ContentType?.MediaType);
        Assert.Equal(Expected(path, accept), body);
        if (path.EndsWith("/many", StringComparison.Ordinal))
        {
            Assert.True(response.Headers.TransferEncodingChunked, "a sequence over its chunk size is sent in chunks");
        }
        else
        {
            Assert.Equal(body.Length, response.Content.Headers.ContentLength);
        }
    }

    private static byte[] Expected(string path, string accept)
    {
        var format = accept switch
        {
            "application/json" => FastFormat.Json,
            "application/x-msgpack" => FastFormat.MessagePack,
            _ => FastFormat.Jsonc,
        };
        var output = new ArrayBufferWriter<byte>();
        switch (path[(path.LastIndexOf('/') + 1)..])
        {
            case "one":
                s_serializer.Serialize(format, output, StartItems.One(0));
                break;
            case "large":
                s_serializer.Serialize(format, output, StartItems.Large());
                break;
            case "few":
                s_serializer.Serialize(format, output, StartItems.List(3));
                break;
            default:
                s_serializer.Serialize(format, output, StartItems.Many());
                break;
        }

        return output.WrittenSpan.ToArray();
    }
}

/// <summary>An item of the bodies <see cref="ResponseStartTests"/> sends.</summary>
public sealed class StartItem
{
    public int Id { get; set; }

    public string Name { get; set; } = string.Empty;

    public string Note { get; set; } = string.Empty;
}

/// <summary>The bodies, made the same way for the app and for the expected bytes.</summary>
public static class StartItems
{
    public static StartItem One(int id) => new() { Id = id, Name = $"item {id}", Note = $"about item {id}, with a little text: é ✓" };

    /// <summary>One object of about 200 KB: whole, over the flush threshold.</summary>
    public static StartItem Large() => new() { Id = 1, Name = "large", Note = string.Concat(Enumerable.Repeat("0123456789abcdef ✓ ", 10_000)) };

    public static List<StartItem> List(int count) => [.. Enumerable.Range(0, count).Select(One)];

    /// <summary>About 1.4 MB in MessagePack: past the 1 MiB chunks of MessagePack and JMC1, and many of JSON's.</summary>
    public static List<StartItem> Many() => List(20_000);
}

/// <summary>The MVC side of <see cref="ResponseStartTests"/>.</summary>
[ApiController]
[Route("mvc")]
public sealed class ResponseStartController : ControllerBase
{
    [HttpGet("large")]
    public StartItem Large() => StartItems.Large();

    [HttpGet("many")]
    public List<StartItem> Many() => StartItems.Many();
}
