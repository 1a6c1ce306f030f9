using System.Net;
using System.Text;
using System.Text.Json;
using FastFormatters.Http;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.DependencyInjection;

namespace FastFormatters.JsonLines.Tests;

/// <summary>
/// The HttpClient helpers against a server that writes JSON Lines by hand, so what they read is fixed byte for byte:
/// lines yielded as they arrive, the serializer's naming, errors naming the line, the content checks.
/// </summary>
public sealed class HttpClientHelperTests : IAsyncLifetime
{
    private KestrelApp _host = null!;

    public async Task InitializeAsync()
        => _host = await KestrelApp.StartAsync(
            builder => builder.Services.AddSingleton<Gates>(),
            app =>
            {
                app.MapGet("/live", async (HttpContext context, string gate, Gates gates) =>
                {
                    context.Response.ContentType = "application/jsonl";
                    await context.Response.BodyWriter.WriteAsync("{\"id\":1,\"title\":\"first\"}\n"u8.ToArray(), context.RequestAborted);
                    await gates.WaitAsync(gate, context.RequestAborted);
                    await context.Response.BodyWriter.WriteAsync("{\"id\":2,\"title\":\"second\"}\n"u8.ToArray(), context.RequestAborted);
                });
                app.MapGet("/body", (HttpContext context, string contentType, string body) =>
                {
                    context.Response.ContentType = contentType;
                    return context.Response.WriteAsync(body.Replace("\\n", "\n", StringComparison.Ordinal).Replace("\\r", "\r", StringComparison.Ordinal));
                });
                app.MapGet("/accept", (HttpContext context) =>
                {
                    context.Response.ContentType = "application/x-ndjson";
                    return context.Response.WriteAsync(JsonSerializer.Serialize(context.Request.Headers.Accept.ToString()) + "\n");
                });
                app.MapGet("/missing", () => Results.NotFound());
                app.MapGet("/many", async (HttpContext context, int count) =>
                {
                    context.Response.ContentType = "application/jsonl";
                    for (int i = 0; i < count; i++)
                    {
                        await context.Response.WriteAsync($"{{\"id\":{i},\"title\":\"{new string('x', i % 100)}\"}}\n", context.RequestAborted);
                    }
                });
            });

    public async Task DisposeAsync() => await _host.DisposeAsync();

    [Fact]
    public async Task Each_line_is_yielded_while_the_server_still_waits_to_send_the_next()
    {
        using var timeout = new CancellationTokenSource(TimeSpan.FromSeconds(30));
        string gate = Guid.NewGuid().ToString("N");
        var titles = new List<string?>();
        await foreach (var item in _host.Client.GetFromJsonLinesAsAsyncEnumerable<Item>($"/live?gate={gate}", cancellationToken: timeout.Token))
        {
            titles.Add(item!.Title);

            // The second line is written only once the first has been read here.
            _host.App.Services.GetRequiredService<Gates>().Open(gate);
        }

        Assert.Equal(["first", "second"], titles);
    }

    [Fact]
    public async Task The_serializer_given_reads_with_its_own_naming_policy()
    {
        var snakeCase = new FastFormattersSerializer(jsonOptions: new JsonSerializerOptions { PropertyNamingPolicy = JsonNamingPolicy.SnakeCaseLower });
        var items = await ToListAsync(_host.Client.GetFromJsonLinesAsAsyncEnumerable<Snake>(Body("application/jsonl", "{\"item_id\":7,\"item_title\":\"x\"}\\n"), snakeCase));

        Assert.Equal([new Snake(7, "x")], items);
    }

    [Theory]
    [InlineData("application/jsonl")]
    [InlineData("application/x-ndjson")]
    [InlineData("application/jsonlines")]
    [InlineData("application/jsonl; charset=utf-8")]
    [InlineData("application/x-ndjson; charset=\"UTF-8\"")]
    public async Task Every_JSON_Lines_media_type_is_read(string contentType)
    {
        var items = await ToListAsync(_host.Client.GetFromJsonLinesAsAsyncEnumerable<int>(Body(contentType, "1\\r\\n2\\r\\n3")));

        Assert.Equal([1, 2, 3], items);
    }

    [Theory]
    [InlineData("application/json")]
    [InlineData("text/plain")]
    [InlineData("application/jsonl; charset=utf-16")]
    public async Task Content_that_is_not_JSON_Lines_in_UTF8_is_not_read(string contentType)
        => await Assert.ThrowsAsync<NotSupportedException>(() => ToListAsync(_host.Client.GetFromJsonLinesAsAsyncEnumerable<int>(Body(contentType, "1\\n"))));

    [Fact]
    public async Task A_bad_line_ends_the_reading_with_its_number_after_the_lines_before_it()
    {
        var read = new List<int>();
        var error = await Assert.ThrowsAsync<FormatReadException>(async () =>
        {
            await foreach (int value in _host.Client.GetFromJsonLinesAsAsyncEnumerable<int>(Body("application/jsonl", "1\\n2\\n\\n4\\n")))
            {
                read.Add(value);
            }
        });

        Assert.Equal([1, 2], read);
        Assert.StartsWith("Line 3 is empty", error.Message, StringComparison.Ordinal);
        Assert.Equal(4, error.BytePosition);
    }

    [Fact]
    public async Task A_failed_status_is_an_HttpRequestException()
    {
        var error = await Assert.ThrowsAsync<HttpRequestException>(() => ToListAsync(_host.Client.GetFromJsonLinesAsAsyncEnumerable<int>("/missing")));

        Assert.Equal(HttpStatusCode.NotFound, error.StatusCode);
    }

    [Fact]
    public async Task The_request_asks_for_JSON_Lines_under_both_of_its_common_names()
    {
        var accept = await ToListAsync(_host.Client.GetFromJsonLinesAsAsyncEnumerable<string>(new Uri("/accept", UriKind.Relative)));

        Assert.Equal(["application/jsonl, application/x-ndjson; q=0.9"], accept);
    }

    [Fact]
    public async Task A_long_body_in_many_reads_gives_every_line_in_order()
    {
        var items = await ToListAsync(_host.Client.GetFromJsonLinesAsAsyncEnumerable<Item>("/many?count=5000"));

        Assert.Equal(Enumerable.Range(0, 5000), items.Select(item => item!.Id));
        Assert.All(items, item => Assert.Equal(item!.Id % 100, item.Title!.Length));
    }

    [Fact]
    public async Task Content_can_be_read_from_a_response_the_caller_sent_for()
    {
        using var response = await _host.Client.GetAsync(Body("application/x-ndjson", "{\"id\":1}\\n{\"id\":2}\\n"), HttpCompletionOption.ResponseHeadersRead);
        var items = await ToListAsync(response.Content.ReadFromJsonLinesAsAsyncEnumerable<Item>());

        Assert.Equal([new Item(1), new Item(2)], items);
    }

    [Fact]
    public void Content_of_another_type_is_refused_before_the_enumeration()
    {
        using var content = new StringContent("1\n", Encoding.UTF8, "application/json");

        Assert.Throws<NotSupportedException>(() => content.ReadFromJsonLinesAsAsyncEnumerable<int>());
    }

    private static string Body(string contentType, string body) => $"/body?contentType={Uri.EscapeDataString(contentType)}&body={Uri.EscapeDataString(body)}";

    private static async Task<List<T?>> ToListAsync<T>(IAsyncEnumerable<T?> source)
    {
        var list = new List<T?>();
        await foreach (var item in source)
        {
            list.Add(item);
        }

        return list;
    }

    public sealed record Snake(int ItemId, string ItemTitle);
}
