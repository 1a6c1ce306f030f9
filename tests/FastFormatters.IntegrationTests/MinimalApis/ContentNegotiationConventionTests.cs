using System.Net;
using System.Net.Http.Headers;
using System.Text;
using System.Text.Json;
using FastFormatters.Core.Tests.Jmc;
using FastFormatters.IntegrationTests.Infrastructure;
using MessagePack;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.DependencyInjection;

namespace FastFormatters.IntegrationTests.MinimalApis;

/// <summary>
/// <c>WithContentNegotiation()</c> on a route group of handlers written the plain way (<see cref="ConventionApi"/>),
/// over real Kestrel, against the same handlers in an app without FastFormatters: JSON is the framework's bytes, status
/// and <c>Location</c>; MessagePack is what MessagePack-CSharp writes for the same data and JMC1 is the same JSON with its
/// comments; MessagePack and JMC1 bodies reach the unchanged handlers, and bad ones get the problems
/// <c>NegotiatedBody&lt;T&gt;</c> answers.
/// </summary>
public sealed class ContentNegotiationConventionTests : IAsyncLifetime
{
    private static readonly JsonSerializerOptions s_web = new(JsonSerializerDefaults.Web);
    private KestrelApp _stock = null!;
    private KestrelApp _fast = null!;

    public async Task InitializeAsync()
    {
        _stock = await KestrelApp.StartAsync(
            builder => builder.Services.AddProblemDetails().AddMinimalValidation(),
            app => ConventionApi.Map(app.MapGroup(string.Empty)));
        _fast = await KestrelApp.StartAsync(
            builder => builder.Services.AddProblemDetails().AddMinimalValidation().AddFastFormatters(),
            app =>
            {
                ConventionApi.Map(app.MapGroup(string.Empty).WithContentNegotiation());
                app.MapPost("/explicit/tickets", (NegotiatedBody<Ticket> body) => FastResults.Negotiated(body.Value));
            });
    }

    public async Task DisposeAsync()
    {
        await _stock.DisposeAsync();
        await _fast.DisposeAsync();
    }

    /// <summary>Requests whose value the convention negotiates, with the type of that value.</summary>
    public static TheoryData<string, string, string?, Type> Negotiated() => new()
    {
        { "GET", "/weatherforecast", null, typeof(WeatherForecast[]) },
        { "GET", "/tickets", null, typeof(List<Ticket>) },
        { "GET", "/tickets/async", null, typeof(Ticket) },
        { "GET", "/tickets/7", null, typeof(Ticket) },
        { "GET", "/tickets/untyped", null, typeof(Ticket) },
        { "GET", "/tickets/json", null, typeof(Ticket) },
        { "GET", "/tickets/stream", null, typeof(List<Ticket>) },
        { "POST", "/tickets", TicketJson, typeof(Ticket) },
        { "POST", "/tickets/at-route", TicketJson, typeof(Ticket) },
        { "POST", "/tickets/accepted", TicketJson, typeof(Ticket) },
        { "POST", "/tickets/optional", TicketJson, typeof(Ticket) },
        { "POST", "/tickets/optional", "null", typeof(string) },
        { "POST", "/tickets/count", TicketJson, typeof(int) },
        { "POST", "/tickets/accepted-at-route", TicketJson, typeof(Ticket) },
        { "POST", "/tickets/checked", TicketJson, typeof(Ticket) },
        { "POST", "/tickets/checked", TicketJson.Replace("\"priority\":2", "\"priority\":4", StringComparison.Ordinal), typeof(Ticket) },
        { "GET", "/tickets/value-task", null, typeof(Ticket) },
    };

    /// <summary>
    /// Requests the convention leaves to ASP.NET Core: text, no value, problems, JSON with its own options, and a value
    /// FastFormatters cannot write (then the framework's JSON whatever is asked, as without the convention).
    /// </summary>
    public static TheoryData<string> Untouched() => new() { "/text", "/nothing", "/tickets/0", "/tickets/missing/3", "/tickets/json/own-options", "/problem/value", "/countdown", "/countdown/ok" };

    private const string TicketJson = """{"id":42,"title":"Broken build","priority":2,"labels":["ci","€"],"estimate":3.5}""";

    [Theory]
    [MemberData(nameof(Negotiated))]
    public async Task Json_is_the_frameworks_response(string method, string path, string? body, Type type)
    {
        _ = type;
        var stock = await SendAsync(_stock, method, path, "application/json", body);
        var fast = await SendAsync(_fast, method, path, "application/json", body);

        Assert.Equal(stock.Status, fast.Status);
        Assert.Equal(stock.ContentType, fast.ContentType);
        Assert.Equal(stock.Location, fast.Location);
        Assert.Equal(Encoding.UTF8.GetString(stock.Body), Encoding.UTF8.GetString(fast.Body));
    }

    [Theory]
    [MemberData(nameof(Negotiated))]
    public async Task MessagePack_and_jmc1_carry_the_frameworks_data(string method, string path, string? body, Type type)
    {
        var stock = await SendAsync(_stock, method, path, "application/json", body);
        var messagePack = await SendAsync(_fast, method, path, "application/x-msgpack", body);
        var jmc = await SendAsync(_fast, method, path, "application/jsonc", body);

        Assert.Equal((stock.Status, stock.Location), (messagePack.Status, messagePack.Location));
        Assert.Equal((stock.Status, stock.Location), (jmc.Status, jmc.Location));
        Assert.Equal("application/x-msgpack", messagePack.ContentType);
        Assert.Equal("application/jsonc", jmc.ContentType);
        MessagePackCSharpCheck.AssertSameData(type, stock.Body, messagePack.Body, path);
        Assert.Equal(Encoding.UTF8.GetString(stock.Body), Encoding.UTF8.GetString(JmcWalker.CheckAndStrip(jmc.Body, out _)));
    }

    [Theory]
    [MemberData(nameof(Untouched))]
    public async Task What_carries_no_value_to_negotiate_is_written_by_the_framework(string path)
    {
        foreach (string accept in new[] { "application/json", "application/x-msgpack" })
        {
            var stock = await SendAsync(_stock, "GET", path, accept, null);
            var fast = await SendAsync(_fast, "GET", path, accept, null);

            Assert.Equal((stock.Status, stock.ContentType), (fast.Status, fast.ContentType));
            Assert.Equal(Encoding.UTF8.GetString(stock.Body), Encoding.UTF8.GetString(fast.Body));
        }
    }

    [Fact]
    public async Task Negotiation_options_apply_to_plain_handlers_as_to_FastResults()
    {
        await using var strict = await KestrelApp.StartAsync(
            builder => builder.Services.AddFastFormatters(options =>
            {
                options.ReturnHttpNotAcceptable = true;
                options.FormatQueryParameter = "format";
            }),
            app => ConventionApi.Map(app.MapGroup(string.Empty).WithContentNegotiation()));

        var notAcceptable = await SendAsync(strict, "GET", "/tickets/7", "text/csv", null);
        var byQuery = await SendAsync(strict, "GET", "/tickets/7?format=msgpack", "application/json", null);

        Assert.Equal(HttpStatusCode.NotAcceptable, notAcceptable.Status);
        Assert.Equal("application/problem+json", MediaTypeHeaderValue.Parse(notAcceptable.ContentType!).MediaType);
        Assert.Equal(HttpStatusCode.OK, byQuery.Status);
        Assert.Equal("application/x-msgpack", byQuery.ContentType);
        Assert.Equal(7, MessagePackSerializer.Deserialize<Ticket>(byQuery.Body, MessagePackCSharpCheck.Contractless).Id);
    }

    [Fact]
    public async Task A_problem_stays_problem_json_whatever_the_client_accepts()
    {
        using var request = new HttpRequestMessage(HttpMethod.Get, "/problem");
        request.Headers.Accept.ParseAdd("application/x-msgpack");

        var problem = await Problem.AssertAsync(await _fast.Client.SendAsync(request), StatusCodes.Status409Conflict, requireTraceId: false);

        Assert.Equal("It went wrong.", problem.GetProperty("detail").GetString());
    }

    [Theory]
    [InlineData("/tickets")]
    [InlineData("/tickets/at-route")]
    [InlineData("/tickets/accepted")]
    [InlineData("/tickets/optional")]
    [InlineData("/tickets/count")]
    public async Task A_message_pack_or_jmc1_body_reaches_the_unchanged_handler(string path)
    {
        var ticket = JsonSerializer.Deserialize<Ticket>(TicketJson, s_web)!;
        byte[] messagePack = MessagePackSerializer.Serialize(ticket, MessagePackCSharpCheck.Contractless);
        var jmcWriter = new System.Buffers.ArrayBufferWriter<byte>();
        new FastFormattersSerializer(jsonOptions: JsonSerializerOptions.Web).Serialize(FastFormat.Jsonc, jmcWriter, ticket);
        byte[] jmc = jmcWriter.WrittenSpan.ToArray();
        var stock = await SendAsync(_stock, "POST", path, "application/json", TicketJson);

        foreach (var (mediaType, body) in new[] { ("application/x-msgpack", messagePack), ("application/jsonc", jmc) })
        {
            var fast = await SendAsync(_fast, "POST", path, "application/json", body, mediaType);

            Assert.Equal((stock.Status, stock.Location), (fast.Status, fast.Location));
            Assert.Equal(Encoding.UTF8.GetString(stock.Body), Encoding.UTF8.GetString(fast.Body));
        }
    }

    [Fact]
    public async Task A_body_whose_json_outgrows_its_first_buffer_reaches_the_handler_whole()
    {
        // The JSON handed to the framework is written into pooled segments; one this large spans several.
        var ticket = JsonSerializer.Deserialize<Ticket>(TicketJson, s_web)!;
        ticket.Labels = [.. Enumerable.Range(0, 20_000).Select(i => $"label-{i}-€")];
        string json = JsonSerializer.Serialize(ticket, s_web);
        byte[] messagePack = MessagePackSerializer.Serialize(ticket, MessagePackCSharpCheck.Contractless);
        var stock = await SendAsync(_stock, "POST", "/tickets", "application/json", json);
        var fast = await SendAsync(_fast, "POST", "/tickets", "application/json", messagePack, "application/x-msgpack");

        Assert.Equal((stock.Status, stock.Location), (fast.Status, fast.Location));
        Assert.Equal(Encoding.UTF8.GetString(stock.Body), Encoding.UTF8.GetString(fast.Body));
        Assert.Equal(201, (int)fast.Status);
        Assert.Contains("\"label-19999-€\"", Encoding.UTF8.GetString(fast.Body), StringComparison.Ordinal);
    }

    [Fact]
    public async Task An_optional_body_sent_as_nil_binds_null()
    {
        var fast = await SendAsync(_fast, "POST", "/tickets/optional", "application/json", [0xc0], "application/x-msgpack");

        Assert.Equal(HttpStatusCode.OK, fast.Status);
        Assert.Equal("\"none\"", Encoding.UTF8.GetString(fast.Body));
    }

    [Theory]
    [InlineData("81 c1")]
    [InlineData("85 a2 49 64 2a a5 54 69 74 6c 65")]
    [InlineData("a3 61 62 63")]
    [InlineData("c0")]
    [InlineData("")]
    [InlineData("81 a8 50 72 69 6f 72 69 74 79 a1 78")]
    public async Task A_bad_message_pack_body_gets_the_problem_NegotiatedBody_gets(string hex)
    {
        byte[] body = Convert.FromHexString(hex.Replace(" ", string.Empty, StringComparison.Ordinal));
        var convention = await SendAsync(_fast, "POST", "/tickets", "application/json", body, "application/x-msgpack");
        var negotiatedBody = await SendAsync(_fast, "POST", "/explicit/tickets", "application/json", body, "application/x-msgpack");

        Assert.Equal(HttpStatusCode.BadRequest, convention.Status);
        Assert.Equal((negotiatedBody.Status, negotiatedBody.ContentType), (convention.Status, convention.ContentType));
        Assert.Equal(WithoutTraceId(negotiatedBody.Body), WithoutTraceId(convention.Body));
    }

    [Theory]
    [InlineData("/tickets")]
    [InlineData("/tickets/optional")]
    public async Task A_text_json_body_is_bound_as_the_same_application_json_body_is(string path)
    {
        // ASP.NET Core's binding refuses text/json (415); the convention lists it, as every FastFormatters reader takes it.
        var stock = await SendAsync(_stock, "POST", path, "application/json", Encoding.UTF8.GetBytes(TicketJson), "application/json");
        var fast = await SendAsync(_fast, "POST", path, "application/json", Encoding.UTF8.GetBytes(TicketJson), "text/json");

        Assert.Equal((stock.Status, stock.Location), (fast.Status, fast.Location));
        Assert.Equal(Encoding.UTF8.GetString(stock.Body), Encoding.UTF8.GetString(fast.Body));
    }

    [Theory]
    [InlineData("application/json", "{\"id\":")]
    [InlineData("application/json", "")]
    [InlineData("text/csv", "id,title")]
    public async Task Json_and_unknown_bodies_are_bound_by_the_framework_as_before(string mediaType, string body)
    {
        var stock = await SendAsync(_stock, "POST", "/tickets", "application/json", Encoding.UTF8.GetBytes(body), mediaType);
        var fast = await SendAsync(_fast, "POST", "/tickets", "application/json", Encoding.UTF8.GetBytes(body), mediaType);

        Assert.Equal((stock.Status, stock.ContentType), (fast.Status, fast.ContentType));
        Assert.Equal(WithoutTraceId(stock.Body), WithoutTraceId(fast.Body));
    }

    [Fact]
    public async Task A_message_pack_body_is_validated_as_the_same_json_body_is()
    {
        var ticket = new Ticket { Id = 1, Title = "", Priority = 9 };
        var stock = await SendAsync(_stock, "POST", "/tickets", "application/json", JsonSerializer.Serialize(ticket, s_web));
        var fast = await SendAsync(_fast, "POST", "/tickets", "application/json", MessagePackSerializer.Serialize(ticket, MessagePackCSharpCheck.Contractless), "application/x-msgpack");

        Assert.Equal(HttpStatusCode.BadRequest, stock.Status);
        Assert.Equal((stock.Status, stock.ContentType), (fast.Status, fast.ContentType));
        Assert.Equal(WithoutTraceId(stock.Body), WithoutTraceId(fast.Body));
    }

    private static string WithoutTraceId(byte[] body)
    {
        if (body.Length == 0)
        {
            return string.Empty;
        }

        var node = System.Text.Json.Nodes.JsonNode.Parse(body)!.AsObject();
        node.Remove("traceId");
        return node.ToJsonString();
    }

    private static Task<Exchange> SendAsync(KestrelApp app, string method, string path, string accept, string? json)
        => SendAsync(app, method, path, accept, json is null ? null : Encoding.UTF8.GetBytes(json), "application/json");

    private static async Task<Exchange> SendAsync(KestrelApp app, string method, string path, string accept, byte[]? body, string contentType)
    {
        using var request = new HttpRequestMessage(new HttpMethod(method), path);
        request.Headers.Accept.ParseAdd(accept);
        if (body is not null)
        {
            request.Content = new ByteArrayContent(body);
            request.Content.Headers.ContentType = MediaTypeHeaderValue.Parse(contentType);
        }

        using var response = await app.Client.SendAsync(request);

        // A Location made from a route is absolute: the two apps listen on their own ports.
        var location = response.Headers.Location is { IsAbsoluteUri: true } absolute ? absolute.PathAndQuery : response.Headers.Location?.ToString();
        return new Exchange(response.StatusCode, response.Content.Headers.ContentType?.ToString(), location, await response.Content.ReadAsByteArrayAsync());
    }

    private sealed record Exchange(HttpStatusCode Status, string? ContentType, string? Location, byte[] Body);
}
