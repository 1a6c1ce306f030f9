using System.Net;
using System.Text;
using System.Text.Json;
using FastFormatters.IntegrationTests.Infrastructure;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Mvc.Formatters;
using Microsoft.Extensions.DependencyInjection;

namespace FastFormatters.IntegrationTests.ErrorParity;

/// <summary>
/// The behaviours ASP.NET Core's own tests of its System.Text.Json formatters pin down (JsonInputFormatterTestBase,
/// SystemTextJsonInputFormatterTest, JsonOutputFormatterTestBase, SystemTextJsonOutputFormatterTest), over real Kestrel:
/// FastFormatters' JSON formatters against those formatters serving the same controller in a host without
/// FastFormatters. Each host answers an invalid model state with what MVC recorded of each error (its key, its
/// <see cref="Microsoft.AspNetCore.Mvc.ModelBinding.ModelError.ErrorMessage"/>, whether it holds an exception and whether that is
/// an <see cref="InputFormatterException"/>), as an app's <c>InvalidModelStateResponseFactory</c> sees it. Both hosts add
/// ISO-8859-1 and UTF-32 to the System.Text.Json output formatter's encodings, as an app does.
/// </summary>
public sealed class StockFormatterParityTests : IAsyncLifetime
{
    private StockAndFastHosts _hosts = null!;

    public async Task InitializeAsync() => _hosts = await StockAndFastHosts.StartAsync(StartAsync);

    public async Task DisposeAsync() => await _hosts.DisposeAsync();

    public static TheoryData<string, string> BadBodies() => new()
    {
        { "member", "{" },
        { "member", """{"a":{"b"}}""" },
        { "member", """{"age":"x"}""" },
        { "member", """{"login":1}""" },
        { "member", """{"name":"a","small":300}""" },
        { "numbers", "[5, 'seven', 3, notnum ]" },
        { "numbers", "[0, 23, 1e99]" },
    };

    [Theory]
    [MemberData(nameof(BadBodies))]
    public async Task Without_exception_messages_an_error_records_the_exception_as_ASP_NET_Core_records_it(string action, string body)
    {
        var stock = await PostAsync(_hosts.StockQuiet, action, body);
        var fast = await PostAsync(_hosts.FastQuiet, action, body);

        Assert.Equal(HttpStatusCode.BadRequest, stock.Status);
        Assert.Equal(stock.Status, fast.Status);
        Assert.Equal(stock.Body, fast.Body);
    }

    [Theory]
    [MemberData(nameof(BadBodies))]
    public async Task An_error_has_the_key_count_and_kind_ASP_NET_Core_gives_it(string action, string body)
    {
        var stock = await PostAsync(_hosts.Stock, action, body);
        var fast = await PostAsync(_hosts.Fast, action, body);

        // The parser's message is its own (message text is the one difference); the rest is what MVC recorded.
        Assert.Equal(HttpStatusCode.BadRequest, stock.Status);
        Assert.Equal(stock.Status, fast.Status);
        Assert.Equal(WithoutMessages(stock.Body), WithoutMessages(fast.Body));
    }

    [Theory]
    [InlineData("iso-8859-1", "application/json")]
    [InlineData("utf-32", "application/json")]
    [InlineData("utf-32;q=0.5, iso-8859-1", "application/json")]
    [InlineData("ISO-8859-1;q=0.5, utf-32", "application/json")]
    [InlineData("unicode", "application/json")]
    [InlineData(null, "application/json; charset=iso-8859-1")]
    [InlineData(null, "application/json; charset=utf-32")]
    [InlineData("utf-32", "application/json; charset=iso-8859-1")]
    public async Task A_response_is_written_in_an_encoding_the_app_added_as_ASP_NET_Core_writes_it(string? acceptCharset, string accept)
    {
        var stock = await GetAsync(_hosts.Stock, "/stock-formatter/greeting", acceptCharset, accept);
        var fast = await GetAsync(_hosts.Fast, "/stock-formatter/greeting", acceptCharset, accept);

        Assert.Equal(HttpStatusCode.OK, stock.Status);
        Assert.Equal(stock.Status, fast.Status);
        Assert.Equal(stock.ContentType, fast.ContentType);
        // Compared as JSON: the escaping of the two writers differs by design (the emoji escaped by ASP.NET Core's, raw or
        // escaped by ours as the charset can hold it), not the values.
        var encoding = EncodingOf(stock.ContentType);
        using var expected = JsonDocument.Parse(encoding.GetString(stock.Body));
        using var actual = JsonDocument.Parse(encoding.GetString(fast.Body));
        Assert.True(JsonElement.DeepEquals(expected.RootElement, actual.RootElement), $"{encoding.GetString(fast.Body)} is not {encoding.GetString(stock.Body)}");
    }

    // ASP.NET Core's formatter writes '?' for these CJK characters in Latin-1 (its encoder leaves them raw, and the
    // charset has no byte for them): FastFormatters escapes them instead.
    [Fact]
    public async Task A_character_the_charset_lacks_is_escaped_so_the_value_arrives_whole()
    {
        var response = await GetAsync(_hosts.Fast, "/stock-formatter/greeting?text=%E6%BF%80%E5%85%89%20%C3%A6", "iso-8859-1", "application/json");

        Assert.Equal("application/json; charset=iso-8859-1", response.ContentType);
        Assert.Equal("""{"text":"\u6FC0\u5149 æ","count":3}""", Encoding.Latin1.GetString(response.Body));
    }

    private static Encoding EncodingOf(string? contentType)
        => Encoding.GetEncoding(new MediaType(contentType!).Charset.Value!);

    private static string WithoutMessages(string recorded)
    {
        using var document = JsonDocument.Parse(recorded);
        var errors = document.RootElement.EnumerateObject().Select(entry =>
            $"{entry.Name}: {string.Join(", ", entry.Value.EnumerateArray().Select(error => $"exception {error.GetProperty("exception").GetBoolean()}, input formatter exception {error.GetProperty("inputFormatterException").GetBoolean()}, message {error.GetProperty("message").GetString()!.Length > 0}"))}");
        return string.Join("; ", errors);
    }

    private static async Task<(HttpStatusCode Status, string Body)> PostAsync(KestrelApp app, string action, string body)
    {
        using var request = new HttpRequestMessage(HttpMethod.Post, $"/stock-formatter/{action}");
        request.Headers.Accept.ParseAdd("application/json");
        request.Content = new StringContent(body, Encoding.UTF8, "application/json");
        using var response = await app.Client.SendAsync(request);
        return (response.StatusCode, await response.Content.ReadAsStringAsync());
    }

    private static async Task<(HttpStatusCode Status, string? ContentType, byte[] Body)> GetAsync(KestrelApp app, string path, string? acceptCharset, string accept)
    {
        using var request = new HttpRequestMessage(HttpMethod.Get, path);
        request.Headers.TryAddWithoutValidation("Accept", accept);
        if (acceptCharset is not null)
        {
            request.Headers.TryAddWithoutValidation("Accept-Charset", acceptCharset);
        }

        using var response = await app.Client.SendAsync(request);
        return (response.StatusCode, response.Content.Headers.ContentType?.ToString(), await response.Content.ReadAsByteArrayAsync());
    }

    private static async Task<KestrelApp> StartAsync(bool fastFormatters, bool exceptionMessages) => await KestrelApp.StartAsync(
        builder =>
        {
            var mvc = builder.Services.AddControllers(options =>
                {
                    var stockJson = options.OutputFormatters.OfType<SystemTextJsonOutputFormatter>().Single();
                    stockJson.SupportedEncodings.Add(Encoding.Latin1);
                    stockJson.SupportedEncodings.Add(Encoding.UTF32);
                })
                .ConfigureApplicationPartManager(manager => manager.FeatureProviders.Add(new StockFormatterControllerFeature()))
                .AddJsonOptions(options => options.AllowInputFormatterExceptionMessages = exceptionMessages)
                .ConfigureApiBehaviorOptions(options => options.InvalidModelStateResponseFactory = context => new ContentResult
                {
                    StatusCode = StatusCodes.Status400BadRequest,
                    ContentType = "application/json",
                    Content = JsonSerializer.Serialize(context.ModelState
                        .Where(entry => entry.Value!.Errors.Count > 0)
                        .OrderBy(entry => entry.Key, StringComparer.Ordinal)
                        .ToDictionary(entry => entry.Key, entry => entry.Value!.Errors.Select(error => new
                        {
                            message = error.ErrorMessage,
                            exception = error.Exception is not null,
                            inputFormatterException = error.Exception is InputFormatterException,
                        }))),
                });
            if (fastFormatters)
            {
                mvc.AddFastFormatters();
            }
        },
        app => app.MapControllers());
}
