using System.Diagnostics.Metrics;
using FastFormatters.Diagnostics;
using FastFormatters.IntegrationTests.Infrastructure;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.DependencyInjection;

namespace FastFormatters.IntegrationTests;

/// <summary>
/// The outcome a response is recorded with when the client closes the connection: <c>ok</c> when it read the whole
/// response first, as curl does, for a body the server's response buffer holds (its flush does not wait for the client);
/// <c>aborted</c> when it closed part-way through a large body, or while a feed was still being produced.
/// </summary>
public sealed class ClientCloseOutcomeTests : IAsyncLifetime
{
    // Bodies well inside Kestrel's 64 KiB response buffer in every format, so their one flush does not wait for the
    // client; and, for the client that closes part-way, far more than the sockets' buffers hold.
    private const int BufferedRows = 200;
    private const int LargeRows = 100_000;
    private static readonly TimeSpan s_timeout = TimeSpan.FromSeconds(30);

    private KestrelApp _app = null!;

    public static TheoryData<string, string> WholeBodies() => Cases(["/page", "/rows"]);

    public static TheoryData<string, string> Feeds()
        => new()
        {
            { "/feed", "application/json" },
            { "/feed", "application/jsonc; stream=true" },
            { "/feed", "application/x-msgpack; stream=true" },
        };

    public async Task InitializeAsync()
        => _app = await KestrelApp.StartAsync(
            builder =>
            {
                builder.Services.AddFastFormatters();
            },
            app =>
            {
                app.MapGet("/page", (int count) => FastResults.Negotiated(new Page(Rows(count))));
                app.MapGet("/rows", (int count) => FastResults.Negotiated(Rows(count)));
                app.MapGet("/feed", (HttpContext context) => FastResults.Negotiated(FeedUntilTheClientLeaves(context)));
            });

    public async Task DisposeAsync() => await _app.DisposeAsync();

    [Theory]
    [MemberData(nameof(WholeBodies))]
    public async Task A_response_the_client_read_whole_before_closing_counts_as_ok(string path, string accept)
    {
        using var outcome = new WriteOutcome(_app);

        var (status, headers, body) = await ClosingClient.ReadWholeAsync(_app.Client.BaseAddress!, $"{path}?count={BufferedRows}", accept);

        Assert.Equal(200, status);
        Assert.StartsWith(accept, headers["Content-Type"], StringComparison.Ordinal);
        Assert.True(body.Length is > 8 * 1024 and < 32 * 1024, $"The body is {body.Length} bytes, not one the response buffer holds whole.");
        Assert.Equal("ok", await outcome.Outcome.WaitAsync(s_timeout));
    }

    [Theory]
    [MemberData(nameof(WholeBodies))]
    public async Task A_client_that_closes_part_way_through_a_large_body_counts_as_aborted(string path, string accept)
    {
        using var outcome = new WriteOutcome(_app);

        await ClosingClient.CloseAfterAsync(_app.Client.BaseAddress!, $"{path}?count={LargeRows}", accept, bytes: 64 * 1024);

        Assert.Equal("aborted", await outcome.Outcome.WaitAsync(s_timeout));
    }

    [Theory]
    [MemberData(nameof(Feeds))]
    public async Task A_client_that_closes_while_a_feed_is_produced_counts_as_aborted(string path, string accept)
    {
        using var outcome = new WriteOutcome(_app);

        await ClosingClient.CloseAfterAsync(_app.Client.BaseAddress!, path, accept, bytes: 1);

        Assert.Equal("aborted", await outcome.Outcome.WaitAsync(s_timeout));
    }

    private static TheoryData<string, string> Cases(string[] paths)
    {
        var cases = new TheoryData<string, string>();
        foreach (string path in paths)
        {
            foreach (string accept in new[] { "application/json", "application/jsonc", "application/x-msgpack" })
            {
                cases.Add(path, accept);
            }
        }

        return cases;
    }

    private static List<Row> Rows(int count)
    {
        var rows = new List<Row>(count);
        for (int i = 0; i < count; i++)
        {
            rows.Add(new Row(i, $"row {i} " + new string('x', 80)));
        }

        return rows;
    }

    // A few rows, sent while the producer waits for the client to leave; then more, which can go nowhere.
    private static async IAsyncEnumerable<Row> FeedUntilTheClientLeaves(HttpContext context)
    {
        foreach (var row in Rows(10))
        {
            yield return row;
        }

        var left = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        await using (context.RequestAborted.Register(() => left.TrySetResult()))
        {
            await left.Task.WaitAsync(s_timeout);
        }

        foreach (var row in Rows(1000))
        {
            yield return row;
        }
    }

    public sealed record Row(int Id, string Text);

    public sealed record Page(List<Row> Rows);

    /// <summary>The outcome of the first response body written by the app, from its meter.</summary>
    private sealed class WriteOutcome : IDisposable
    {
        private readonly MeterListener _listener = new();
        private readonly TaskCompletionSource<string> _outcome = new(TaskCreationOptions.RunContinuationsAsynchronously);

        public WriteOutcome(KestrelApp app)
        {
            var meterFactory = app.App.Services.GetRequiredService<IMeterFactory>();
            _listener.InstrumentPublished = (instrument, listener) =>
            {
                if (instrument.Meter.Name == FormatterMetrics.MeterName && ReferenceEquals(instrument.Meter.Scope, meterFactory)
                    && instrument.Name == "fastformatters.operation.duration")
                {
                    listener.EnableMeasurementEvents(instrument);
                }
            };
            _listener.SetMeasurementEventCallback<double>((_, _, tags, _) =>
            {
                string? direction = null, outcome = null;
                foreach (var tag in tags)
                {
                    if (tag.Key == "fastformatters.direction")
                    {
                        direction = (string?)tag.Value;
                    }
                    else if (tag.Key == "fastformatters.outcome")
                    {
                        outcome = (string?)tag.Value;
                    }
                }

                if (direction == "write")
                {
                    _outcome.TrySetResult(outcome!);
                }
            });
            _listener.Start();
        }

        public Task<string> Outcome => _outcome.Task;

        public void Dispose() => _listener.Dispose();
    }
}
