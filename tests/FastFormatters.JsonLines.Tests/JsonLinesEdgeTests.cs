using System.Net;
using System.Net.Http.Headers;
using System.Runtime.CompilerServices;
using System.Text;
using FastFormatters.Http;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;
using Microsoft.Extensions.DependencyInjection;

namespace FastFormatters.JsonLines.Tests;

/// <summary>
/// JSON Lines at its edges in a real host: bodies in other line ends, charsets and a byte order mark; lines that do not
/// fit their type; feeds whose producer fails or whose client leaves; values that are not sequences; and what MVC and
/// minimal APIs answer under a JSON Lines <c>Accept</c> where ASP.NET Core's JSON answers a problem or nothing.
/// </summary>
public sealed class JsonLinesEdgeTests : IAsyncLifetime
{
    private const int MaxBodySize = 200;
    private KestrelApp _host = null!;

    public async Task InitializeAsync()
        => _host = await KestrelApp.StartAsync(
            builder =>
            {
                builder.Services.AddSingleton<Gates>();
                builder.Services.AddControllers()
                    .AddApplicationPart(typeof(EdgeController).Assembly)
                    .AddFastFormatters(options =>
                    {
                        options.FormatQueryParameter = "format";
                        options.Json.MaxRequestBodySize = MaxBodySize;
                    })
                    .AddJsonLines();
            },
            app =>
            {
                app.MapControllers();
                var api = app.MapGroup("/edge").WithContentNegotiation();
                api.MapGet("/failing", (string gate, Gates gates, CancellationToken cancellationToken) => EdgeFeeds.FailAfterFirst(gates, gate, cancellationToken));
                api.MapGet("/abandoned", (string gate, Gates gates, CancellationToken cancellationToken) => EdgeFeeds.SignalDisposal(gates, gate, cancellationToken));
                api.MapPost("/list", (List<Entry> entries) => Summary.Of(entries));
                api.MapPost("/numbers", (List<int> numbers) => numbers.Sum());
                api.MapPost("/one", (Entry entry) => Summary.Of([entry]));
                api.MapGet("/bytes", () => new byte[] { 1, 2, 3 });
                api.MapGet("/dictionary", () => new Dictionary<string, int> { ["a"] = 1, ["b"] = 2 });
                api.MapGet("/ok-list", () => Results.Ok(new List<Entry> { new(1, "a"), new(2, "b") }));
                api.MapGet("/null", () => (Entry?)null);
                api.MapGet("/problem", () => Results.Problem("broken", statusCode: 409));
                api.MapGet("/crlf", () => new List<CrlfSpaced> { new(1), new(2) });

                app.MapGet("/raw/truncated", async (HttpContext context, string gate, Gates gates) =>
                {
                    context.Response.ContentType = "application/jsonl";
                    await context.Response.WriteAsync("{\"entryId\":1,\"title\":\"a\"}\n{\"entryId\":2,", context.RequestAborted);
                    await context.Response.Body.FlushAsync(context.RequestAborted);
                    await gates.WaitAsync(gate, context.RequestAborted);
                    context.Abort();
                });
            });

    public async Task DisposeAsync() => await _host.DisposeAsync();

    public static TheoryData<string, string> OtherLineEnds() => new()
    {
        { "/edge/list", "{\"entryId\":1,\"title\":\"a\"}\r\n{\"entryId\":2,\"title\":\"b\"}\r" },
        { "/edge/list", "\uFEFF{\"entryId\":1,\"title\":\"a\"}\n{\"entryId\":2,\"title\":\"b\"}\n" },
        { "/edge-mvc/list", "\uFEFF{\"entryId\":1,\"title\":\"a\"}\r\n{\"entryId\":2,\"title\":\"b\"}" },
    };

    [Theory]
    [MemberData(nameof(OtherLineEnds))]
    public async Task A_body_with_a_byte_order_mark_or_carriage_returns_is_read(string path, string body)
    {
        var (response, answer) = await PostAsync(path, "application/jsonl", Encoding.UTF8.GetBytes(body));

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal("{\"count\":2,\"titles\":\"ab\"}", answer);
    }

    [Theory]
    [InlineData("/edge/list", "utf-16")]
    [InlineData("/edge-mvc/list", "utf-16")]
    [InlineData("/edge/list", "iso-8859-1")]
    public async Task A_body_in_another_charset_is_read_as_its_text(string path, string charset)
    {
        var encoding = Encoding.GetEncoding(charset);
        byte[] body = encoding.GetBytes("{\"entryId\":1,\"title\":\"é\"}\n{\"entryId\":2,\"title\":\"b\"}\n");

        var (response, answer) = await PostAsync(path, $"application/x-ndjson; charset={charset}", body);

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal("{\"count\":2,\"titles\":\"éb\"}", answer);
    }

    [Theory]
    [InlineData("/edge/crlf")]
    [InlineData("/edge-mvc/crlf")]
    public async Task Carriage_returns_an_apps_converter_writes_raw_do_not_split_a_value_for_readers_that_end_lines_at_them(string path)
    {
        var (response, body) = await GetAsync(path, "application/jsonl");

        // Node's readline and Python's universal newlines end a line at a lone \r too: it must not be inside a value.
        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal("{    \"a\": 1  }\n{    \"a\": 2  }\n", body);
    }

    [Theory]
    [InlineData("/edge/numbers", "1\nnull\n3\n")]
    [InlineData("/edge/numbers", "[1,2]\n")]
    [InlineData("/edge/numbers", "1\n{}\n")]
    [InlineData("/edge-mvc/numbers", "1\nnull\n3\n")]
    [InlineData("/edge/one", "[{\"entryId\":1,\"title\":\"a\"}]\n")]
    [InlineData("/edge/list", "\uFEFF\n{\"entryId\":1,\"title\":\"a\"}\n")]
    [InlineData("/edge/one", "\uFEFF")]
    [InlineData("/edge-mvc/one", "\uFEFF\n")]
    public async Task A_line_that_is_not_a_value_of_its_type_is_a_400(string path, string body)
    {
        var (response, _) = await PostAsync(path, "application/jsonl", Encoding.UTF8.GetBytes(body));

        Assert.Equal(HttpStatusCode.BadRequest, response.StatusCode);
        Assert.Equal("application/problem+json", response.Content.Headers.ContentType?.MediaType);
    }

    [Theory]
    [InlineData("/edge/one")]
    [InlineData("/edge-mvc/one")]
    public async Task A_null_line_for_a_required_body_is_a_400_as_a_JSON_null_is(string path)
    {
        var (json, _) = await PostAsync(path, "application/json", "null"u8.ToArray());
        var (lines, _) = await PostAsync(path, "application/jsonl", "null\n"u8.ToArray());

        Assert.Equal(HttpStatusCode.BadRequest, json.StatusCode);
        Assert.Equal(json.StatusCode, lines.StatusCode);
    }

    [Theory]
    [InlineData("/edge/list")]
    [InlineData("/edge-mvc/list")]
    public async Task One_line_longer_than_the_limit_sent_without_a_length_is_413(string path)
    {
        string line = "{\"entryId\":1,\"title\":\"" + new string('x', MaxBodySize * 4) + "\"}\n";
        using var request = new HttpRequestMessage(HttpMethod.Post, path) { Content = new StreamContent(new UnseekableStream(Encoding.UTF8.GetBytes(line))) };
        request.Content.Headers.ContentType = MediaTypeHeaderValue.Parse("application/jsonl");
        using var response = await _host.Client.SendAsync(request);

        Assert.Null(request.Content.Headers.ContentLength);
        Assert.Equal(HttpStatusCode.RequestEntityTooLarge, response.StatusCode);
    }

    [Theory]
    [InlineData("/edge/failing")]
    [InlineData("/edge-mvc/failing")]
    public async Task A_feed_whose_producer_fails_after_its_first_line_never_ends_cleanly(string path)
    {
        using var timeout = new CancellationTokenSource(TimeSpan.FromSeconds(30));
        string gate = Guid.NewGuid().ToString("N");
        var gates = _host.App.Services.GetRequiredService<Gates>();
        var titles = new List<string>();
        var error = await Record.ExceptionAsync(async () =>
        {
            await foreach (var entry in _host.Client.GetFromJsonLinesAsAsyncEnumerable<Entry>($"{path}?gate={gate}", cancellationToken: timeout.Token))
            {
                titles.Add(entry!.Title);
                gates.Open(gate);
            }
        });

        Assert.Equal(["first"], titles);
        Assert.IsAssignableFrom<IOException>(error);
    }

    [Theory]
    [InlineData("/edge/abandoned")]
    [InlineData("/edge-mvc/abandoned")]
    public async Task A_client_that_leaves_mid_feed_ends_the_producer(string path)
    {
        using var timeout = new CancellationTokenSource(TimeSpan.FromSeconds(30));
        string gate = Guid.NewGuid().ToString("N");
        var gates = _host.App.Services.GetRequiredService<Gates>();
        await foreach (var entry in _host.Client.GetFromJsonLinesAsAsyncEnumerable<Entry>($"{path}?gate={gate}", cancellationToken: timeout.Token))
        {
            Assert.Equal("first", entry!.Title);
            break;
        }

        // Leaving the enumeration disposed the response: the server sees the client gone and disposes the producer,
        // which never got past its gate.
        await gates.WaitAsync(gate + "-disposed", timeout.Token);
    }

    [Fact]
    public async Task The_client_helper_fails_on_a_body_cut_off_after_a_line()
    {
        using var timeout = new CancellationTokenSource(TimeSpan.FromSeconds(30));
        string gate = Guid.NewGuid().ToString("N");
        var titles = new List<string>();

        // The server cuts the connection only once the first line is read, so the reset cannot overtake it.
        var error = await Record.ExceptionAsync(async () =>
        {
            await foreach (var entry in _host.Client.GetFromJsonLinesAsAsyncEnumerable<Entry>($"/raw/truncated?gate={gate}", cancellationToken: timeout.Token))
            {
                titles.Add(entry!.Title);
                _host.App.Services.GetRequiredService<Gates>().Open(gate);
            }
        });

        Assert.Equal(["a"], titles);
        Assert.IsAssignableFrom<IOException>(error);
    }

    [Theory]
    [InlineData("/edge/bytes", "\"AQID\"\n")]
    [InlineData("/edge-mvc/bytes", "\"AQID\"\n")]
    [InlineData("/edge/dictionary", "{\"a\":1,\"b\":2}\n")]
    [InlineData("/edge-mvc/dictionary", "{\"a\":1,\"b\":2}\n")]
    [InlineData("/edge/ok-list", "{\"entryId\":1,\"title\":\"a\"}\n{\"entryId\":2,\"title\":\"b\"}\n")]
    [InlineData("/edge-mvc/action-result", "{\"entryId\":1,\"title\":\"a\"}\n{\"entryId\":2,\"title\":\"b\"}\n")]
    [InlineData("/edge-mvc/string", "\"hello\"\n")]
    public async Task A_value_is_the_lines_its_JSON_is(string path, string expected)
    {
        var (response, body) = await GetAsync(path, "application/jsonl");

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal("application/jsonl", response.Content.Headers.ContentType?.MediaType);
        Assert.Equal(expected, body);
    }

    [Theory]
    [InlineData("/edge-mvc/iterator")]
    [InlineData("/edge-mvc/failing?gate=open")]
    public async Task A_feed_in_UTF16_is_its_lines_transcoded(string path)
    {
        if (path.EndsWith("gate=open", StringComparison.Ordinal))
        {
            _host.App.Services.GetRequiredService<Gates>().Open("open");
        }

        using var request = new HttpRequestMessage(HttpMethod.Get, path);
        request.Headers.Accept.ParseAdd("application/jsonl");
        request.Headers.AcceptCharset.ParseAdd("utf-16");
        using var response = await _host.Client.SendAsync(request);
        byte[] body = await response.Content.ReadAsByteArrayAsync();

        if (path.Contains("failing", StringComparison.Ordinal))
        {
            // The producer fails once its gate is open: gathered before anything is sent, the failure is a 500.
            Assert.Equal(HttpStatusCode.InternalServerError, response.StatusCode);
            return;
        }

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal("utf-16", response.Content.Headers.ContentType?.CharSet);
        Assert.Equal("{\"entryId\":1,\"title\":\"a\"}\n{\"entryId\":2,\"title\":\"b\"}\n", Encoding.Unicode.GetString(body));
    }

    [Fact]
    public async Task A_null_result_of_an_action_is_204_as_MVC_has_it()
    {
        var (response, body) = await GetAsync("/edge-mvc/null", "application/jsonl");

        Assert.Equal(HttpStatusCode.NoContent, response.StatusCode);
        Assert.Equal("", body);
    }

    [Theory]
    [InlineData("/edge-mvc/missing", "application/jsonl", HttpStatusCode.NotFound)]
    [InlineData("/edge-mvc/missing?format=jsonl", "application/json", HttpStatusCode.NotFound)]
    [InlineData("/edge-mvc/conflict", "application/jsonl", HttpStatusCode.Conflict)]
    [InlineData("/edge/problem", "application/jsonl", HttpStatusCode.Conflict)]
    public async Task A_problem_under_a_JSON_Lines_accept_is_problem_json_as_under_JSON(string path, string accept, HttpStatusCode status)
    {
        var (json, jsonBody) = await GetAsync(path.Replace("?format=jsonl", "", StringComparison.Ordinal), "application/json");
        var (lines, linesBody) = await GetAsync(path, accept);

        Assert.Equal(status, json.StatusCode);
        Assert.Equal(status, lines.StatusCode);
        Assert.Equal("application/problem+json", json.Content.Headers.ContentType?.MediaType);
        Assert.Equal(json.Content.Headers.ContentType?.MediaType, lines.Content.Headers.ContentType?.MediaType);
        Assert.Equal(StripTraceId(jsonBody), StripTraceId(linesBody));
    }

    [Fact]
    public async Task A_validation_problem_under_a_JSON_Lines_accept_is_problem_json()
    {
        using var request = new HttpRequestMessage(HttpMethod.Post, "/edge-mvc/validated") { Content = new ByteArrayContent("{\"entryId\":-1,\"title\":\"a\"}\n"u8.ToArray()) };
        request.Content.Headers.ContentType = MediaTypeHeaderValue.Parse("application/jsonl");
        request.Headers.Accept.ParseAdd("application/jsonl");
        using var response = await _host.Client.SendAsync(request);

        Assert.Equal(HttpStatusCode.BadRequest, response.StatusCode);
        Assert.Equal("application/problem+json", response.Content.Headers.ContentType?.MediaType);
        Assert.Contains("EntryId", await response.Content.ReadAsStringAsync(), StringComparison.Ordinal);
    }

    private static string StripTraceId(string body)
    {
        int start = body.IndexOf("\"traceId\"", StringComparison.Ordinal);
        return start < 0 ? body : body[..start];
    }

    private async Task<(HttpResponseMessage Response, string Body)> GetAsync(string path, string accept)
    {
        using var request = new HttpRequestMessage(HttpMethod.Get, path);
        request.Headers.Accept.ParseAdd(accept);
        var response = await _host.Client.SendAsync(request);
        return (response, await response.Content.ReadAsStringAsync());
    }

    private async Task<(HttpResponseMessage Response, string Body)> PostAsync(string path, string contentType, byte[] body)
    {
        using var request = new HttpRequestMessage(HttpMethod.Post, path) { Content = new ByteArrayContent(body) };
        request.Content.Headers.ContentType = MediaTypeHeaderValue.Parse(contentType);
        request.Headers.Accept.ParseAdd("application/json");
        var response = await _host.Client.SendAsync(request);
        return (response, await response.Content.ReadAsStringAsync());
    }

    /// <summary>A body the client cannot measure, so it goes out chunked, without a Content-Length.</summary>
    private sealed class UnseekableStream(byte[] bytes) : MemoryStream(bytes)
    {
        public override bool CanSeek => false;
    }
}

/// <summary>Producers of <see cref="JsonLinesEdgeTests"/>, each held at a gate after its first entry.</summary>
public static class EdgeFeeds
{
    /// <summary>One entry; once the gate opens, a failure.</summary>
    public static async IAsyncEnumerable<Entry> FailAfterFirst(Gates gates, string gate, [EnumeratorCancellation] CancellationToken cancellationToken)
    {
        yield return new Entry(1, "first");
        await gates.WaitAsync(gate, cancellationToken);
        throw new InvalidOperationException("The producer failed after its first entry.");
    }

    /// <summary>One entry, then a wait at a gate no one opens; its disposal opens the gate named "{gate}-disposed".</summary>
    public static async IAsyncEnumerable<Entry> SignalDisposal(Gates gates, string gate, [EnumeratorCancellation] CancellationToken cancellationToken)
    {
        try
        {
            yield return new Entry(1, "first");
            await gates.WaitAsync(gate, cancellationToken);
            yield return new Entry(2, "second");
        }
        finally
        {
            gates.Open(gate + "-disposed");
        }
    }
}

/// <summary>The controller side of <see cref="JsonLinesEdgeTests"/>.</summary>
[ApiController]
[Route("edge-mvc")]
public sealed class EdgeController(Gates gates) : ControllerBase
{
    [HttpPost("list")]
    public Summary PostList(List<Entry> entries) => Summary.Of(entries);

    [HttpPost("numbers")]
    public int PostNumbers(List<int> numbers) => numbers.Sum();

    [HttpPost("one")]
    public Summary PostOne(Entry entry) => Summary.Of([entry]);

    [HttpPost("validated")]
    public Summary PostValidated(ValidatedEntry entry) => Summary.Of([new Entry(entry.EntryId, entry.Title)]);

    [HttpGet("failing")]
    public IAsyncEnumerable<Entry> Failing(string gate) => EdgeFeeds.FailAfterFirst(gates, gate, HttpContext.RequestAborted);

    [HttpGet("abandoned")]
    public IAsyncEnumerable<Entry> Abandoned(string gate) => EdgeFeeds.SignalDisposal(gates, gate, HttpContext.RequestAborted);

    [HttpGet("bytes")]
    public byte[] Bytes() => [1, 2, 3];

    [HttpGet("dictionary")]
    public Dictionary<string, int> Dictionary() => new() { ["a"] = 1, ["b"] = 2 };

    [HttpGet("action-result")]
    public ActionResult<List<Entry>> ActionResult() => new List<Entry> { new(1, "a"), new(2, "b") };

    [HttpGet("string")]
    public string Text() => "hello";

    [HttpGet("null")]
    public Entry? Null() => null;

    [HttpGet("iterator")]
    public IEnumerable<Entry> Iterator()
    {
        yield return new Entry(1, "a");
        yield return new Entry(2, "b");
    }

    [HttpGet("missing")]
    public ActionResult<Entry> Missing() => NotFound();

    [HttpGet("crlf")]
    public List<CrlfSpaced> Crlf() => [new(1), new(2)];

    [HttpGet("conflict")]
    public IActionResult Conflict409() => Problem("broken", statusCode: 409);
}

public sealed record ValidatedEntry([System.ComponentModel.DataAnnotations.Range(0, 100)] int EntryId, string Title);

/// <summary>A value an app's System.Text.Json converter writes as an indented raw value with Windows line ends.</summary>
[System.Text.Json.Serialization.JsonConverter(typeof(CrlfSpacedConverter))]
public sealed record CrlfSpaced(int A);

public sealed class CrlfSpacedConverter : System.Text.Json.Serialization.JsonConverter<CrlfSpaced>
{
    public override CrlfSpaced Read(ref System.Text.Json.Utf8JsonReader reader, Type typeToConvert, System.Text.Json.JsonSerializerOptions options)
        => new(System.Text.Json.JsonDocument.ParseValue(ref reader).RootElement.GetProperty("a").GetInt32());

    public override void Write(System.Text.Json.Utf8JsonWriter writer, CrlfSpaced value, System.Text.Json.JsonSerializerOptions options)
        => writer.WriteRawValue($"{{\r\n  \"a\": {value.A}\r\n}}");
}
