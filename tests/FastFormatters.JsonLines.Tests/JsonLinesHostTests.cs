using System.Net;
using System.Net.Http.Headers;
using System.Runtime.CompilerServices;
using System.Text;
using System.Text.Json;
using FastFormatters.Http;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;
using Microsoft.Extensions.DependencyInjection;

namespace FastFormatters.JsonLines.Tests;

/// <summary>
/// JSON Lines registered in a real host (Kestrel, MVC controllers and minimal APIs) with snake_case JSON options:
/// negotiated from Accept and ?format=, sequences one line per element as they come, other values one line, request
/// bodies read line by line with errors naming the line, and the other formats' 406/415 unchanged.
/// </summary>
public sealed class JsonLinesHostTests : IAsyncLifetime
{
    private const int MaxBodySize = 200;
    private KestrelApp _host = null!;

    public async Task InitializeAsync()
        => _host = await KestrelApp.StartAsync(
            builder =>
            {
                builder.Services.AddSingleton<Gates>();
                builder.Services.AddControllers()
                    .AddApplicationPart(typeof(FeedController).Assembly)
                    .AddJsonOptions(options => options.JsonSerializerOptions.PropertyNamingPolicy = JsonNamingPolicy.SnakeCaseLower)
                    .AddFastFormatters(options =>
                    {
                        options.ReturnHttpNotAcceptable = true;
                        options.FormatQueryParameter = "format";
                        options.Json.MaxRequestBodySize = MaxBodySize;
                    })
                    .AddJsonLines();
                builder.Services.ConfigureHttpJsonOptions(options => options.SerializerOptions.PropertyNamingPolicy = JsonNamingPolicy.SnakeCaseLower);
            },
            app =>
            {
                app.MapControllers();
                var api = app.MapGroup("/minimal").WithContentNegotiation();
                api.MapGet("/feed", (string gate, Gates gates, CancellationToken cancellationToken) => Feeds.Produce(gates, gate, cancellationToken));
                api.MapGet("/list", () => new List<Entry> { new(1, "a"), new(2, "b"), new(3, "c\nd") });
                api.MapGet("/empty", () => Array.Empty<Entry>());
                api.MapGet("/one", () => new Entry(7, "seven"));
                api.MapGet("/spaced", () => new List<Spaced> { new(1), new(2) });
                api.MapGet("/spaced/feed", () => Spaced.Feed());
                api.MapGet("/spaced/one", () => new Spaced(3));
                api.MapPost("/list", (List<Entry> entries) => Summary.Of(entries));
                api.MapPost("/array", (Entry[] entries) => Summary.Of(entries));
                api.MapPost("/stream", async ([FromBody] IAsyncEnumerable<Entry> entries) =>
                {
                    var read = new List<Entry>();
                    await foreach (var entry in entries)
                    {
                        read.Add(entry);
                    }

                    return Summary.Of(read);
                });
                api.MapPost("/one", (Entry entry) => Summary.Of([entry]));
                api.MapPost("/set", (HashSet<int> numbers) => numbers.Count);
            });

    public async Task DisposeAsync() => await _host.DisposeAsync();

    public static TheoryData<string> FeedPaths() => new() { "/minimal/feed", "/mvc/feed" };

    [Theory]
    [MemberData(nameof(FeedPaths))]
    public async Task A_live_feed_sends_each_line_while_the_producer_waits_for_the_next(string path)
    {
        using var timeout = new CancellationTokenSource(TimeSpan.FromSeconds(30));
        string gate = Guid.NewGuid().ToString("N");
        using var request = new HttpRequestMessage(HttpMethod.Get, $"{path}?gate={gate}");
        request.Headers.Accept.ParseAdd("application/jsonl");
        using var response = await _host.Client.SendAsync(request, HttpCompletionOption.ResponseHeadersRead, timeout.Token);

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal("application/jsonl", response.Content.Headers.ContentType?.MediaType);
        Assert.Null(response.Content.Headers.ContentLength);
        var stream = await response.Content.ReadAsStreamAsync(timeout.Token);
        var received = new MemoryStream();
        byte[] buffer = new byte[1024];
        while (Array.IndexOf(received.ToArray(), (byte)'\n') < 0)
        {
            int count = await stream.ReadAsync(buffer, timeout.Token);
            Assert.True(count > 0, "the body ended before its first line");
            received.Write(buffer, 0, count);
        }

        // The first line is here, and the producer still waits: only now may it go on.
        Assert.Equal("{\"entry_id\":1,\"title\":\"first\"}\n", Encoding.UTF8.GetString(received.ToArray()));
        _host.App.Services.GetRequiredService<Gates>().Open(gate);
        await stream.CopyToAsync(received, timeout.Token);

        Assert.Equal("{\"entry_id\":1,\"title\":\"first\"}\n{\"entry_id\":2,\"title\":\"second\"}\n", Encoding.UTF8.GetString(received.ToArray()));
    }

    [Fact]
    public async Task The_client_helper_yields_the_first_line_of_a_live_feed_before_the_producer_goes_on()
    {
        using var timeout = new CancellationTokenSource(TimeSpan.FromSeconds(30));
        string gate = Guid.NewGuid().ToString("N");
        var serializer = new FastFormattersSerializer(jsonOptions: new JsonSerializerOptions { PropertyNamingPolicy = JsonNamingPolicy.SnakeCaseLower });
        var titles = new List<string>();
        await foreach (var entry in _host.Client.GetFromJsonLinesAsAsyncEnumerable<Entry>($"/minimal/feed?gate={gate}", serializer, timeout.Token))
        {
            titles.Add(entry!.Title);
            _host.App.Services.GetRequiredService<Gates>().Open(gate);
        }

        Assert.Equal(["first", "second"], titles);
    }

    [Theory]
    [InlineData("/minimal/list")]
    [InlineData("/mvc/list")]
    public async Task A_list_is_one_compact_line_per_element_with_the_apps_json_names(string path)
    {
        var (response, body) = await GetAsync(path, "application/jsonl");

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal("{\"entry_id\":1,\"title\":\"a\"}\n{\"entry_id\":2,\"title\":\"b\"}\n{\"entry_id\":3,\"title\":\"c\\nd\"}\n", body);
        Assert.Equal("application/jsonl", response.Content.Headers.ContentType?.MediaType);
        Assert.Equal("utf-8", response.Content.Headers.ContentType?.CharSet);
        Assert.Contains("Accept", response.Headers.Vary);
    }

    [Theory]
    [InlineData("/minimal/spaced", "{   \"a\": 1 }\n{   \"a\": 2 }\n")]
    [InlineData("/minimal/spaced/feed", "{   \"a\": 1 }\n{   \"a\": 2 }\n")]
    [InlineData("/minimal/spaced/one", "{   \"a\": 3 }\n")]
    [InlineData("/mvc/spaced", "{   \"a\": 1 }\n{   \"a\": 2 }\n")]
    public async Task Line_feeds_an_apps_System_Text_Json_converter_writes_raw_stay_on_the_value_s_line(string path, string expected)
    {
        var (response, body) = await GetAsync(path, "application/jsonl");

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal(expected, body);
        Assert.All(body.TrimEnd('\n').Split('\n'), line => Assert.Equal(JsonValueKind.Object, JsonDocument.Parse(line).RootElement.ValueKind));
    }

    [Theory]
    [InlineData("/minimal/one")]
    [InlineData("/mvc/one")]
    public async Task A_value_that_is_not_a_sequence_is_one_line(string path)
    {
        var (response, body) = await GetAsync(path, "application/jsonl");

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal("{\"entry_id\":7,\"title\":\"seven\"}\n", body);
    }

    [Fact]
    public async Task An_empty_sequence_is_an_empty_body()
    {
        var (response, body) = await GetAsync("/minimal/empty", "application/jsonl");

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal("", body);
    }

    [Theory]
    [InlineData("application/x-ndjson", "application/x-ndjson")]
    [InlineData("application/jsonlines", "application/jsonlines")]
    [InlineData("application/json;q=0.5, application/x-ndjson", "application/x-ndjson")]
    [InlineData("application/json", "application/json")]
    [InlineData("*/*", "application/json")]
    public async Task Each_alias_is_answered_in_its_own_name_and_JSON_stays_the_default(string accept, string expected)
    {
        var (response, body) = await GetAsync("/minimal/list", accept);

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal(expected, response.Content.Headers.ContentType?.MediaType);
        Assert.Equal(expected == "application/json" ? '[' : '{', body[0]);
    }

    [Fact]
    public async Task The_format_query_parameter_names_it()
    {
        var (response, body) = await GetAsync("/minimal/list?format=jsonl", "application/json");

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal("application/jsonl", response.Content.Headers.ContentType?.MediaType);
        Assert.Equal(3, body.Count(c => c == '\n'));
    }

    public static TheoryData<string, string> GoodBodies() => new()
    {
        { "/minimal/list", "{\"entry_id\":1,\"title\":\"a\"}\n{\"entry_id\":2,\"title\":\"b\"}\n" },
        { "/minimal/array", "{\"entry_id\":1,\"title\":\"a\"}\r\n{\"entry_id\":2,\"title\":\"b\"}" },
        { "/mvc/list", "{\"entry_id\":1,\"title\":\"a\"}\r\n{\"entry_id\":2,\"title\":\"b\"}\r\n" },
        { "/mvc/stream", "{\"entry_id\":1,\"title\":\"a\"}\n{\"entry_id\":2,\"title\":\"b\"}" },
        { "/minimal/stream", "{\"entry_id\":1,\"title\":\"a\"}\n{\"entry_id\":2,\"title\":\"b\"}\n" },
    };

    [Theory]
    [MemberData(nameof(GoodBodies))]
    public async Task A_body_is_read_one_element_per_line(string path, string body)
    {
        var (response, answer) = await PostAsync(path, "application/jsonl", body);

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal("{\"count\":2,\"titles\":\"ab\"}", answer);
    }

    [Theory]
    [InlineData("/minimal/one")]
    [InlineData("/mvc/one")]
    public async Task A_body_of_one_value_is_one_line(string path)
    {
        var (response, answer) = await PostAsync(path, "application/x-ndjson", "{\"entry_id\":5,\"title\":\"e\"}\n");

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal("{\"count\":1,\"titles\":\"e\"}", answer);
    }

    public static TheoryData<string, string, string> BadBodies() => new()
    {
        { "/minimal/list", "{\"entry_id\":1,\"title\":\"a\"}\n\n{\"entry_id\":3,\"title\":\"c\"}\n", "Line 2 is empty" },
        { "/minimal/list", "{\"entry_id\":1,\"title\":\"a\"}\n{\"entry_id\":2,\"title\":\"b\"}\n{\"entry_id\":x}\n", "Line 3" },
        { "/minimal/array", "{\"entry_id\":1,\"title\":\"a\"}\n{\"entry_id\":\"two\",\"title\":\"b\"}\n", "Line 2, $.entry_id" },
        { "/minimal/stream", "[{\"entry_id\":1,\"title\":\"a\"},\n{\"entry_id\":2,\"title\":\"b\"}]\n", "Line 1" },
        { "/minimal/one", "{\"entry_id\":1,\"title\":\"a\"}\n{\"entry_id\":2,\"title\":\"b\"}\n", "Line 2: a body read as Entry is one line" },
        { "/mvc/list", "{\"entry_id\":1,\"title\":\"a\"}\n\n", "Line 2 is empty" },
        { "/mvc/one", "{\"entry_id\":1,\"title\":\"a\"} {\"entry_id\":2}\n", "Line 1" },
    };

    [Theory]
    [MemberData(nameof(BadBodies))]
    public async Task A_bad_line_is_a_400_problem_that_names_it(string path, string body, string expected)
    {
        var (response, answer) = await PostAsync(path, "application/jsonl", body);

        Assert.Equal(HttpStatusCode.BadRequest, response.StatusCode);
        Assert.Equal("application/problem+json", response.Content.Headers.ContentType?.MediaType);
        Assert.Contains(expected, answer, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("/minimal/list")]
    [InlineData("/mvc/list")]
    public async Task A_body_over_the_limit_is_413(string path)
    {
        string body = string.Concat(Enumerable.Repeat("{\"entry_id\":1,\"title\":\"a\"}\n", MaxBodySize / 10));
        var (response, _) = await PostAsync(path, "application/jsonl", body);

        Assert.Equal(HttpStatusCode.RequestEntityTooLarge, response.StatusCode);
    }

    [Theory]
    [InlineData("/minimal/list", "text/csv")]
    [InlineData("/mvc/list", "text/csv")]
    [InlineData("/minimal/set", "application/jsonl")]
    public async Task A_body_in_a_type_or_of_a_type_no_format_reads_is_415(string path, string contentType)
    {
        var (response, _) = await PostAsync(path, contentType, "1\n2\n");

        Assert.Equal(HttpStatusCode.UnsupportedMediaType, response.StatusCode);
    }

    [Fact]
    public async Task A_set_is_still_read_from_JSON()
    {
        var (response, answer) = await PostAsync("/minimal/set", "application/json", "[1,2,2]");

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal("2", answer);
    }

    [Theory]
    [InlineData("/minimal/list")]
    [InlineData("/mvc/list")]
    public async Task Nothing_acceptable_is_still_406(string path)
    {
        var (response, _) = await GetAsync(path, "text/csv");

        Assert.Equal(HttpStatusCode.NotAcceptable, response.StatusCode);
    }

    private async Task<(HttpResponseMessage Response, string Body)> GetAsync(string path, string accept)
    {
        using var request = new HttpRequestMessage(HttpMethod.Get, path);
        request.Headers.Accept.ParseAdd(accept);
        var response = await _host.Client.SendAsync(request);
        return (response, await response.Content.ReadAsStringAsync());
    }

    private async Task<(HttpResponseMessage Response, string Body)> PostAsync(string path, string contentType, string body)
    {
        using var request = new HttpRequestMessage(HttpMethod.Post, path) { Content = new ByteArrayContent(Encoding.UTF8.GetBytes(body)) };
        request.Content.Headers.ContentType = MediaTypeHeaderValue.Parse(contentType);
        request.Headers.Accept.ParseAdd("application/json");
        var response = await _host.Client.SendAsync(request);
        return (response, await response.Content.ReadAsStringAsync());
    }
}

public sealed record Entry(int EntryId, string Title);

public sealed record Summary(int Count, string Titles)
{
    public static Summary Of(IReadOnlyCollection<Entry> entries) => new(entries.Count, string.Concat(entries.Select(entry => entry.Title)));
}

/// <summary>A value an app's System.Text.Json converter writes as an indented raw value, line feeds and all.</summary>
[System.Text.Json.Serialization.JsonConverter(typeof(SpacedConverter))]
public sealed record Spaced(int A)
{
    public static async IAsyncEnumerable<Spaced> Feed()
    {
        yield return new Spaced(1);
        await Task.Yield();
        yield return new Spaced(2);
    }
}

public sealed class SpacedConverter : System.Text.Json.Serialization.JsonConverter<Spaced>
{
    public override Spaced Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options)
        => new(JsonDocument.ParseValue(ref reader).RootElement.GetProperty("a").GetInt32());

    public override void Write(Utf8JsonWriter writer, Spaced value, JsonSerializerOptions options)
        => writer.WriteRawValue($"{{\n  \"a\": {value.A}\n}}");
}

/// <summary>The controller side of <see cref="JsonLinesHostTests"/>.</summary>
[ApiController]
[Route("mvc")]
public sealed class FeedController(Gates gates) : ControllerBase
{
    [HttpGet("feed")]
    public IAsyncEnumerable<Entry> Feed(string gate) => Feeds.Produce(gates, gate, HttpContext.RequestAborted);

    [HttpGet("list")]
    public List<Entry> List() => [new(1, "a"), new(2, "b"), new(3, "c\nd")];

    [HttpGet("one")]
    public Entry One() => new(7, "seven");

    [HttpGet("spaced")]
    public List<Spaced> GetSpaced() => [new(1), new(2)];

    [HttpPost("list")]
    public Summary PostList(List<Entry> entries) => Summary.Of(entries);

    [HttpPost("stream")]
    public async Task<Summary> PostStream(IAsyncEnumerable<Entry> entries)
    {
        var read = new List<Entry>();
        await foreach (var entry in entries)
        {
            read.Add(entry);
        }

        return Summary.Of(read);
    }

    [HttpPost("one")]
    public Summary PostOne(Entry entry) => Summary.Of([entry]);
}

/// <summary>A feed that yields one entry, then waits for its gate before the second.</summary>
public static class Feeds
{
    public static async IAsyncEnumerable<Entry> Produce(Gates gates, string gate, [EnumeratorCancellation] CancellationToken cancellationToken)
    {
        yield return new Entry(1, "first");
        await gates.WaitAsync(gate, cancellationToken);
        yield return new Entry(2, "second");
    }
}
