using System.Net;
using System.Text.Json;
using FastFormatters.IntegrationTests.Infrastructure;

namespace FastFormatters.IntegrationTests;

/// <summary>
/// The API reference script (<c>MapFastFormattersApiReferenceScript</c>) in the sample's Swagger UI and Scalar, in
/// headless Chromium driven over the DevTools protocol. Swagger UI is driven as a person would (expand, Try it out,
/// pick the response media type, Execute); Scalar is loaded and its page's <c>fetch</c>, the one its API client calls,
/// is exercised directly. Screenshots are kept in the test output's artifacts folder.
/// </summary>
[Collection(SampleServerCollection.Name)]
public sealed class ApiReferenceBrowserTests(SampleServer server)
{
    [Fact]
    public async Task The_script_is_served_as_javascript_with_an_etag_that_revalidates()
    {
        using var first = await server.Client.GetAsync("/_formatters/api-reference.js");
        Assert.Equal(HttpStatusCode.OK, first.StatusCode);
        Assert.Equal("text/javascript", first.Content.Headers.ContentType?.MediaType);
        Assert.True(first.Headers.CacheControl?.NoCache, "The script should be revalidated, not cached blindly.");
        var etag = first.Headers.ETag;
        Assert.NotNull(etag);
        Assert.False(etag.IsWeak);
        Assert.Contains("FastFormattersApiReference", await first.Content.ReadAsStringAsync(), StringComparison.Ordinal);

        using var again = new HttpRequestMessage(HttpMethod.Get, "/_formatters/api-reference.js");
        again.Headers.IfNoneMatch.Add(etag);
        using var notModified = await server.Client.SendAsync(again);
        Assert.Equal(HttpStatusCode.NotModified, notModified.StatusCode);
        Assert.Empty(await notModified.Content.ReadAsByteArrayAsync());

        using var swagger = JsonDocument.Parse(await server.Client.GetStringAsync("/swagger/v1/swagger.json"));
        Assert.False(swagger.RootElement.GetProperty("paths").TryGetProperty("/_formatters/api-reference.js", out _), "The script is not an API operation.");
    }

    [Fact]
    public async Task Swagger_ui_shows_jsonc_and_msgpack_responses_decoded()
    {
        await using var page = await HeadlessChromium.OpenAsync(new Uri(server.BaseAddress, "/swagger/index.html").ToString());
        await page.WaitForAsync("typeof window.FastFormattersApiReference === 'object' && document.querySelector('.opblock-get')", "Swagger UI with the script");

        // The GET /api/orders/{id} operation: expand it, Try it out, id = 1.
        const string Operation = """
            [...document.querySelectorAll('.opblock.opblock-get')].find(b => b.querySelector('[data-path="/api/orders/{id}"]'))
            """;
        await page.EvaluateAsync($"({Operation}).querySelector('.opblock-summary-control').click()");
        await page.WaitForAsync($"({Operation}).querySelector('.try-out__btn')", "the Try it out button");
        await page.EvaluateAsync($"({Operation}).querySelector('.try-out__btn').click()");
        await page.WaitForAsync($"({Operation}).querySelector('tr[data-param-name=\"id\"] input:not([disabled])')", "the id input");
        await page.EvaluateAsync($$"""
            (() => {
              const input = ({{Operation}}).querySelector('tr[data-param-name="id"] input');
              Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set.call(input, '1');
              input.dispatchEvent(new Event('input', { bubbles: true }));
            })()
            """);

        // Swagger UI debounces parameter inputs: wait until its state holds the id before executing.
        await page.WaitForAsync(
            "JSON.stringify(window.ui.specSelectors.parameterValues(['/api/orders/{id}', 'get']).toJS()).includes('\"1\"')", "Swagger UI to take id = 1");

        string jsonc = await ExecuteAsync(page, Operation, "application/jsonc", "JMC1 (application/jsonc)", previous: "");
        Assert.Matches(@"^// JMC1 \(application/jsonc\), \d+ bytes, shown without comments\.\n", jsonc);
        Assert.Contains("\"customer\": \"Grace Hopper\"", jsonc, StringComparison.Ordinal);
        Assert.Contains("\"unitPrice\": 8.25", jsonc, StringComparison.Ordinal);
        Assert.DoesNotContain("/*", jsonc.Split('\n', 2)[1], StringComparison.Ordinal);
        Assert.DoesNotContain("[object Blob]", jsonc, StringComparison.Ordinal);

        string msgpack = await ExecuteAsync(page, Operation, "application/x-msgpack", "Decoded from", previous: jsonc);
        Assert.Matches(@"^// Decoded from \d+ bytes of MessagePack \(application/x-msgpack\) for display\.\n", msgpack);
        Assert.Contains("\"Customer\": \"Grace Hopper\"", msgpack, StringComparison.Ordinal);
        Assert.Contains("\"$timestamp\": \"2024-01-01T09:13:00Z\"", msgpack, StringComparison.Ordinal);
        Assert.DoesNotContain("[object Blob]", msgpack, StringComparison.Ordinal);
        string headers = (await page.EvaluateAsync($"({Operation}).querySelector('.live-responses-table')?.innerText ?? ''")).GetString()!;
        Assert.Contains("x-fastformatters-original-content-type: application/x-msgpack", headers, StringComparison.OrdinalIgnoreCase);

        string artifacts = Directory.CreateDirectory(Path.Combine(AppContext.BaseDirectory, "artifacts")).FullName;
        await page.EvaluateAsync($"({Operation}).querySelector('.live-responses-table').scrollIntoView()");
        await page.ScreenshotAsync(Path.Combine(artifacts, "swagger-ui-msgpack.png"));

        // Plain JSON passes through untouched.
        string json = await ExecuteAsync(page, Operation, "application/json", "\"customer\"", previous: msgpack);
        Assert.DoesNotContain("FastFormatters", json, StringComparison.Ordinal);
        Assert.Contains("Grace Hopper", json, StringComparison.Ordinal);
    }

    /// <summary>
    /// Picks the response media type, clicks Execute and returns the response body Swagger UI then shows: the first one
    /// that contains <paramref name="expected"/> and differs from the <paramref name="previous"/> body.
    /// </summary>
    private static async Task<string> ExecuteAsync(ChromiumPage page, string operation, string mediaType, string expected, string previous)
    {
        await page.EvaluateAsync($$"""
            (() => {
              const block = {{operation}};
              const select = [...block.querySelectorAll('.responses-wrapper select')].find(s => [...s.options].some(o => o.value === '{{mediaType}}'));
              Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value').set.call(select, '{{mediaType}}');
              select.dispatchEvent(new Event('change', { bubbles: true }));
            })()
            """);
        await page.WaitForAsync($"[...({operation}).querySelectorAll('.responses-wrapper select')].some(s => s.value === '{mediaType}')", $"{mediaType} to be picked");
        await page.EvaluateAsync($"({operation}).querySelector('button.execute').click()");
        var body = await page.WaitForAsync($$"""
            (() => {
              const table = ({{operation}}).querySelector('.live-responses-table');
              const pre = table && table.querySelector('.response-col_description pre');
              const text = pre && pre.innerText;
              return text && text !== {{JsonSerializer.Serialize(previous)}} && text.includes({{JsonSerializer.Serialize(expected)}}) ? text : null;
            })()
            """, $"the {mediaType} response body in Swagger UI");
        return body.GetString()!;
    }

    [Fact]
    public async Task Scalar_loads_the_script_and_its_fetch_hands_jsonc_and_msgpack_over_as_text()
    {
        await using var page = await HeadlessChromium.OpenAsync(new Uri(server.BaseAddress, "/scalar/").ToString());
        await page.WaitForAsync("typeof window.FastFormattersApiReference === 'object' && document.body.innerText.includes('FastFormatters sample')", "Scalar with the sample's document");

        // Scalar's API client sends requests with the page's fetch (its customFetch defaults to it): the same call here.
        var result = await page.EvaluateAsync("""
            (async () => {
              const out = {};
              for (const accept of ['application/jsonc', 'application/x-msgpack', 'application/json']) {
                const response = await fetch('/api/orders/1', { headers: { Accept: accept } });
                out[accept] = {
                  type: response.headers.get('content-type'),
                  original: response.headers.get('x-fastformatters-original-content-type'),
                  text: await response.text(),
                };
              }
              return out;
            })()
            """);

        var jsonc = result.GetProperty("application/jsonc");
        Assert.Equal("text/plain; charset=utf-8", jsonc.GetProperty("type").GetString());
        Assert.Equal("application/jsonc", jsonc.GetProperty("original").GetString());
        Assert.Contains("\"customer\": \"Grace Hopper\"", jsonc.GetProperty("text").GetString(), StringComparison.Ordinal);

        var msgpack = result.GetProperty("application/x-msgpack");
        Assert.Equal("application/x-msgpack", msgpack.GetProperty("original").GetString());
        Assert.StartsWith("// Decoded from ", msgpack.GetProperty("text").GetString(), StringComparison.Ordinal);
        Assert.Contains("\"Customer\": \"Grace Hopper\"", msgpack.GetProperty("text").GetString(), StringComparison.Ordinal);

        var json = result.GetProperty("application/json");
        Assert.StartsWith("application/json", json.GetProperty("type").GetString(), StringComparison.Ordinal);
        Assert.Equal(JsonValueKind.Null, json.GetProperty("original").ValueKind);

        string artifacts = Directory.CreateDirectory(Path.Combine(AppContext.BaseDirectory, "artifacts")).FullName;
        await page.ScreenshotAsync(Path.Combine(artifacts, "scalar.png"));
    }
}
