using System.Collections.Concurrent;
using System.Net;
using System.Net.Http.Headers;
using System.Runtime.CompilerServices;
using System.Text;
using System.Text.Json;
using FastFormatters.IntegrationTests.Infrastructure;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;
using Microsoft.Extensions.DependencyInjection;

namespace FastFormatters.IntegrationTests;

/// <summary>
/// A live feed (an <see cref="IAsyncEnumerable{T}"/> whose producer waits between items) reaches the client as it is
/// produced, as System.Text.Json sends it: the headers and the first item arrive while the producer still waits for a
/// gate that only the test opens once it has read that item. A server that held the body until the sequence ended would
/// never send the headers, and the test would fail at its time-out.
/// </summary>
public sealed class LiveSequenceTests : IAsyncLifetime
{
    private KestrelApp _app = null!;

    public static TheoryData<string, string> Cases()
    {
        var cases = new TheoryData<string, string>();
        foreach (string path in new[] { "/live/minimal", "/live/results", "/live/mvc" })
        {
            foreach (string accept in new[] { "application/json", "application/x-msgpack; stream=true", "application/jsonc; stream=true" })
            {
                cases.Add(path, accept);
            }
        }

        return cases;
    }

    public async Task InitializeAsync()
        => _app = await KestrelApp.StartAsync(
            builder =>
            {
                builder.Services.AddSingleton<LiveFeeds>();
                builder.Services.AddControllers().AddApplicationPart(typeof(LiveFeedController).Assembly).AddFastFormatters();
            },
            app =>
            {
                app.MapControllers();
                var negotiated = app.MapGroup("").WithContentNegotiation();
                negotiated.MapGet("/live/minimal", (string feed, LiveFeeds feeds, CancellationToken cancellationToken) => feeds.Produce(feed, cancellationToken));
                negotiated.MapGet("/live/ready", (CancellationToken cancellationToken) => LiveFeeds.Ready(cancellationToken));
                app.MapGet("/live/results", (string feed, LiveFeeds feeds, CancellationToken cancellationToken) => FastResults.Negotiated(feeds.Produce(feed, cancellationToken)));
            });

    public async Task DisposeAsync() => await _app.DisposeAsync();

    [Theory]
    [MemberData(nameof(Cases))]
    public async Task The_first_item_arrives_while_the_producer_waits(string path, string accept)
    {
        using var timeout = new CancellationTokenSource(TimeSpan.FromSeconds(30));
        string feed = Guid.NewGuid().ToString("N");
        using var request = new HttpRequestMessage(HttpMethod.Get, $"{path}?feed={feed}");
        request.Headers.Accept.ParseAdd(accept);
        using var response = await _app.Client.SendAsync(request, HttpCompletionOption.ResponseHeadersRead, timeout.Token);

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal(MediaTypeHeaderValue.Parse(accept).MediaType, response.Content.Headers.ContentType?.MediaType);
        Assert.Null(response.Content.Headers.ContentLength);
        var stream = await response.Content.ReadAsStreamAsync(timeout.Token);
        var body = new MemoryStream();
        byte[] buffer = new byte[4096];
        while (body.ToArray().AsSpan().IndexOf(LiveFeeds.FirstTitle) < 0)
        {
            int count = await stream.ReadAsync(buffer, timeout.Token);
            Assert.True(count > 0, "the body ended before its first item");
            body.Write(buffer, 0, count);
        }

        _app.App.Services.GetRequiredService<LiveFeeds>().Release(feed);
        await stream.CopyToAsync(body, timeout.Token);

        Assert.Equal(["first", "second"], Titles(body.ToArray(), accept));
    }

    [Fact]
    public async Task A_sequence_that_never_waits_is_one_body_with_its_length()
    {
        using var request = new HttpRequestMessage(HttpMethod.Get, "/live/ready");
        request.Headers.Accept.ParseAdd("application/json");
        using var response = await _app.Client.SendAsync(request);
        byte[] body = await response.Content.ReadAsByteArrayAsync();

        Assert.Equal(body.Length, response.Content.Headers.ContentLength);
        Assert.Equal(["first", "second"], Titles(body, "application/json"));
    }

    private static string[] Titles(byte[] body, string accept)
    {
        if (accept.StartsWith("application/x-msgpack", StringComparison.Ordinal))
        {
            // Top-level values, one per item, read by MessagePack-CSharp.
            var titles = new List<string>();
            var reader = new global::MessagePack.MessagePackReader(body);
            while (!reader.End)
            {
                var item = global::MessagePack.MessagePackSerializer.Deserialize<Dictionary<string, object>>(ref reader);
                titles.Add((string)item["Title"]);
            }

            return [.. titles];
        }

        using var document = JsonDocument.Parse(body, new JsonDocumentOptions { CommentHandling = JsonCommentHandling.Skip });
        return [.. document.RootElement.EnumerateArray().Select(item => item.GetProperty("title").GetString()!)];
    }
}

/// <summary>The live feeds of <see cref="LiveSequenceTests"/>: each yields one item, then waits until the test releases it.</summary>
public sealed class LiveFeeds
{
    public static readonly byte[] FirstTitle = Encoding.UTF8.GetBytes("first");

    private readonly ConcurrentDictionary<string, TaskCompletionSource> _gates = new();

    public static async IAsyncEnumerable<LiveItem> Ready([EnumeratorCancellation] CancellationToken cancellationToken)
    {
        yield return new LiveItem(1, "first");
        await Task.CompletedTask.WaitAsync(cancellationToken);
        yield return new LiveItem(2, "second");
    }

    public async IAsyncEnumerable<LiveItem> Produce(string feed, [EnumeratorCancellation] CancellationToken cancellationToken)
    {
        yield return new LiveItem(1, "first");
        await Gate(feed).Task.WaitAsync(cancellationToken);
        yield return new LiveItem(2, "second");
    }

    public void Release(string feed) => Gate(feed).TrySetResult();

    private TaskCompletionSource Gate(string feed) => _gates.GetOrAdd(feed, static _ => new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously));
}

public sealed record LiveItem(int Id, string Title);

[ApiController]
[Route("live/mvc")]
public sealed class LiveFeedController(LiveFeeds feeds) : ControllerBase
{
    [HttpGet]
    public IAsyncEnumerable<LiveItem> Get(string feed) => feeds.Produce(feed, HttpContext.RequestAborted);
}
