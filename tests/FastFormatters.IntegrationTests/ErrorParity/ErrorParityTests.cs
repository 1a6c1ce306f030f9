using System.Net;
using System.Text;
using System.Text.Json;
using FastFormatters.IntegrationTests.Infrastructure;
using MessagePack;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;
using Microsoft.Extensions.DependencyInjection;

namespace FastFormatters.IntegrationTests.ErrorParity;

/// <summary>
/// Over real Kestrel: what a client sees of a bad request body, an empty one, and a response in the charset it asks for,
/// against ASP.NET Core's own System.Text.Json formatters serving the same controller in a host without FastFormatters
/// (and the framework's own minimal-API binding), under the default MVC options and with
/// <c>AllowInputFormatterExceptionMessages</c> off. The status and the keys of the validation problem's <c>errors</c> are
/// the same; so are the messages where ASP.NET Core words them itself rather than passing on the parser's.
/// </summary>
public sealed class ErrorParityTests : IAsyncLifetime
{
    private StockAndFastHosts _hosts = null!;

    public async Task InitializeAsync() => _hosts = await StockAndFastHosts.StartAsync(StartAsync);

    public async Task DisposeAsync() => await _hosts.DisposeAsync();

    public static TheoryData<string> BadBookings() => new()
    {
        """{"name":"a","count":1,"seat.row":2,"code":"x"}""",
        """{"name":"a","count":1,"seat.row":2,"code":"99999"}""",
        """{"name":"a","count":"many","seat.row":2,"code":"1"}""",
        """{"name":"a","Count":"many","seat.row":2,"code":"1"}""",
        """{"name":"a","count":1,"seat.row":"front","code":"1"}""",
        """{"name":7,"count":1,"seat.row":2,"code":"1"}""",
        "null",
        "",
    };

    [Theory]
    [MemberData(nameof(BadBookings))]
    public async Task A_bad_JSON_body_has_the_status_and_error_keys_ASP_NET_Core_gives(string body)
    {
        var stock = await PostAsync(_hosts.Stock, "/error-parity/booking", body, "application/json");
        var fast = await PostAsync(_hosts.Fast, "/error-parity/booking", body, "application/json");

        Assert.Equal(HttpStatusCode.BadRequest, stock.Status);
        Assert.Equal(stock.Status, fast.Status);
        Assert.Equal(Keys(stock.Body), Keys(fast.Body));
        foreach (var (key, messages) in Errors(stock.Body))
        {
            // ASP.NET Core's own words (a value a converter refused, a missing body) are the same; a parser's are our own.
            if (messages.All(message => !message.Contains("Path:", StringComparison.Ordinal) && !message.StartsWith("The JSON value", StringComparison.Ordinal)))
            {
                Assert.Equal(messages, Errors(fast.Body)[key]);
            }
        }
    }

    [Theory]
    [MemberData(nameof(BadBookings))]
    public async Task Without_exception_messages_a_bad_body_is_worded_as_ASP_NET_Core_words_it(string body)
    {
        var stock = await PostAsync(_hosts.StockQuiet, "/error-parity/booking", body, "application/json");
        var fast = await PostAsync(_hosts.FastQuiet, "/error-parity/booking", body, "application/json");

        Assert.Equal(stock.Status, fast.Status);
        Assert.Equal(Errors(stock.Body), Errors(fast.Body));
    }

    [Theory]
    [InlineData("mvc", "application/json")]
    [InlineData("mvc", "application/jsonc")]
    [InlineData("mvc", "application/x-msgpack")]
    [InlineData("minimal", "application/json")]
    [InlineData("minimal", "application/jsonc")]
    [InlineData("minimal", "application/x-msgpack")]
    public async Task A_value_an_apps_converter_refuses_is_a_400_keyed_at_the_body(string api, string mediaType)
    {
        byte[] body = mediaType switch
        {
            "application/x-msgpack" => MessagePackSerializer.Serialize(new Dictionary<string, string> { ["Owner"] = "a", ["Code"] = "not a number" }),
            "application/jsonc" => Encoding.UTF8.GetBytes("""/*JMC1*/{"owner":"a","code":"not a number"}"""),
            _ => Encoding.UTF8.GetBytes("""{"owner":"a","code":"not a number"}"""),
        };

        var (status, problem) = await PostAsync(_hosts.Fast, api == "mvc" ? "/error-parity/voucher" : "/error-parity/minimal/voucher", body, mediaType);

        // MVC adds its own "field is required" for the body it could not bind, as it does after its own formatter.
        Assert.Equal(HttpStatusCode.BadRequest, status);
        Assert.Equal(["The supplied value is invalid."], Errors(problem)[""]);
    }

    [Fact]
    public async Task A_polymorphic_body_without_its_discriminator_is_a_400_not_a_500()
    {
        var (status, problem) = await PostAsync(_hosts.Fast, "/error-parity/minimal/shape", """{"radius":1.5}""", "application/json");

        Assert.Equal(HttpStatusCode.BadRequest, status);
        Assert.Contains("$", Errors(problem).Keys);
    }

    [Theory]
    [InlineData(true)]
    [InlineData(false)]
    public async Task Minimal_API_400s_follow_MVCs_exception_message_policy(bool exceptionMessages)
    {
        var (status, problem) = await PostAsync(exceptionMessages ? _hosts.Fast : _hosts.FastQuiet, "/error-parity/minimal/booking", """{"count":"many"}""", "application/json");

        Assert.Equal(HttpStatusCode.BadRequest, status);
        var messages = Errors(problem)["$.count"];
        Assert.Equal(exceptionMessages, messages[0] != "The input was not valid.");
    }

    [Theory]
    [InlineData(null, "application/json")]
    [InlineData("utf-16", "application/json")]
    [InlineData("utf-8;q=0.5, utf-16", "application/json")]
    [InlineData("iso-8859-1", "application/json")]
    [InlineData(null, "application/json; charset=utf-16")]
    [InlineData(null, "application/json; charset=utf-8")]
    public async Task A_response_is_in_the_charset_MVCs_own_formatter_would_choose(string? acceptCharset, string accept)
    {
        var stock = await GetAsync(_hosts.Stock, acceptCharset, accept);
        var fast = await GetAsync(_hosts.Fast, acceptCharset, accept);

        Assert.Equal(stock.ContentType, fast.ContentType);
        var encoding = stock.ContentType!.EndsWith("utf-16", StringComparison.OrdinalIgnoreCase) ? Encoding.Unicode : Encoding.UTF8;
        using var expected = JsonDocument.Parse(encoding.GetString(stock.Body));
        using var actual = JsonDocument.Parse(encoding.GetString(fast.Body));
        Assert.True(JsonElement.DeepEquals(expected.RootElement, actual.RootElement), $"{encoding.GetString(fast.Body)} is not {encoding.GetString(stock.Body)}");
    }

    [Theory]
    [InlineData("optional")]
    [InlineData("required")]
    public async Task An_empty_minimal_API_body_is_bound_as_the_framework_binds_it(string parameter)
    {
        var builtin = await PostAsync(_hosts.Fast, $"/error-parity/minimal/{parameter}/builtin", [], "application/json");
        var ours = await PostAsync(_hosts.Fast, $"/error-parity/minimal/{parameter}", [], "application/json");

        Assert.Equal(builtin.Status, ours.Status);
        if (builtin.Status == HttpStatusCode.OK)
        {
            Assert.Equal(Encoding.UTF8.GetString(builtin.Body), Encoding.UTF8.GetString(ours.Body));
        }
    }

    private static async Task<(string? ContentType, byte[] Body)> GetAsync(KestrelApp app, string? acceptCharset, string accept)
    {
        using var request = new HttpRequestMessage(HttpMethod.Get, "/error-parity/booking");
        request.Headers.TryAddWithoutValidation("Accept", accept);
        if (acceptCharset is not null)
        {
            request.Headers.TryAddWithoutValidation("Accept-Charset", acceptCharset);
        }

        using var response = await app.Client.SendAsync(request);
        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        return (response.Content.Headers.ContentType?.ToString(), await response.Content.ReadAsByteArrayAsync());
    }

    private static async Task<KestrelApp> StartAsync(bool fastFormatters, bool exceptionMessages) => await KestrelApp.StartAsync(
        builder =>
        {
            var mvc = builder.Services.AddControllers()
                .AddApplicationPart(typeof(ErrorParityTests).Assembly)
                .AddJsonOptions(options => options.AllowInputFormatterExceptionMessages = exceptionMessages);
            if (fastFormatters)
            {
                mvc.AddFastFormatters(options =>
                {
                    options.Converters.Add(new PromoCodeJsonConverter());
                    options.Converters.Add(new PromoCodeMessagePackConverter());
                });
            }
        },
        app =>
        {
            app.MapControllers();
            if (fastFormatters)
            {
                app.MapPost("/error-parity/minimal/voucher", (NegotiatedBody<Voucher> body) => FastResults.Negotiated(body.Value));
                app.MapPost("/error-parity/minimal/shape", (NegotiatedBody<Figure> body) => FastResults.Negotiated(body.Value));
                app.MapPost("/error-parity/minimal/booking", (NegotiatedBody<Booking> body) => FastResults.Negotiated(body.Value));
                app.MapPost("/error-parity/minimal/optional", (NegotiatedBody<Booking?> body) => Results.Text(body.Value is null ? "none" : "some"));
                app.MapPost("/error-parity/minimal/optional/builtin", ([FromBody] Booking? body) => Results.Text(body is null ? "none" : "some"));
                app.MapPost("/error-parity/minimal/required", (NegotiatedBody<Booking> body) => Results.Text("some"));
                app.MapPost("/error-parity/minimal/required/builtin", ([FromBody] Booking body) => Results.Text("some"));
            }
        });

    private static Task<(HttpStatusCode Status, byte[] Body)> PostAsync(KestrelApp app, string path, string body, string mediaType)
        => PostAsync(app, path, Encoding.UTF8.GetBytes(body), mediaType);

    private static async Task<(HttpStatusCode Status, byte[] Body)> PostAsync(KestrelApp app, string path, byte[] body, string mediaType)
    {
        using var request = new HttpRequestMessage(HttpMethod.Post, path);
        request.Headers.Accept.ParseAdd("application/json");
        request.Content = new ByteArrayContent(body);
        request.Content.Headers.ContentType = new System.Net.Http.Headers.MediaTypeHeaderValue(mediaType);
        using var response = await app.Client.SendAsync(request);
        return (response.StatusCode, await response.Content.ReadAsByteArrayAsync());
    }

    private static SortedSet<string> Keys(byte[] problem) => new(Errors(problem).Keys, StringComparer.Ordinal);

    private static Dictionary<string, string[]> Errors(byte[] problem)
    {
        using var document = JsonDocument.Parse(problem);
        Assert.True(document.RootElement.TryGetProperty("errors", out var errors), $"No errors in {Encoding.UTF8.GetString(problem)}");
        return errors.EnumerateObject().ToDictionary(entry => entry.Name, entry => entry.Value.EnumerateArray().Select(item => item.GetString()!).ToArray());
    }
}
