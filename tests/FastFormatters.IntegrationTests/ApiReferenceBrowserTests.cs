using System.Net;
using System.Text.Json;
using FastFormatters.IntegrationTests.Infrastructure;

namespace FastFormatters.IntegrationTests;

/// <summary>
/// The API reference script (<c>MapFastFormattersApiReferenceScript</c>) in the sample's Swagger UI and Scalar, in
/// headless Chromium driven over the DevTools protocol, as a person would: in Swagger UI expand the operation, Try it
/// out, pick the response media type, Execute; in Scalar open the operation's API client, type the id and an Accept
/// header, Send. Screenshots are kept in the test output's artifacts folder.
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
    public async Task Scalar_shows_jsonc_and_msgpack_responses_decoded()
    {
        await using var page = await HeadlessChromium.OpenAsync(new Uri(server.BaseAddress, "/scalar/").ToString());
        const string Link = "document.querySelector('a[href=\"#tag/orders/GET/api/orders/{id}\"]')";
        const string TestRequest = """
            [...(document.getElementById('v1/tag/orders/GET/api/orders/{id}')?.querySelectorAll('button') ?? [])].find(b => /Test Request/.test(b.innerText))
            """;
        await page.WaitForAsync($"typeof window.FastFormattersApiReference === 'object' && {Link}", "Scalar with the sample's document and the script");

        // Open the operation's API client, as a person would: the sidebar link, then Test Request.
        await page.EvaluateAsync($"{Link}.click()");
        await page.WaitForAsync(TestRequest, "Scalar's Test Request button");
        await page.EvaluateAsync($"({TestRequest}).click()");
        await page.WaitForAsync("document.querySelector('[role=dialog] .code-input-lite__editor')", "Scalar's API client");

        // id = 1 (Scalar's editors take only trusted typing); the default Accept (every media type, JSON first) off; an
        // Accept header of our own in the headers table's empty row.
        await page.EvaluateAsync("""
            (() => {
              const editors = [...document.querySelectorAll('[role=dialog] .code-input-lite__editor')];
              editors[editors.findIndex(e => e.innerText.trim() === 'id') + 1].focus();
            })()
            """);
        await page.TypeAsync("1");
        const string Headers = """
            (() => {
              let scope = document.querySelector('[role=dialog] input[aria-label="Include accept in request"]');
              while (!scope.querySelector('.code-input-lite__editor')) scope = scope.parentElement;
              return [...scope.querySelectorAll('.code-input-lite__editor')];
            })()
            """;
        await page.EvaluateAsync("document.querySelector('[role=dialog] input[aria-label=\"Include accept in request\"]').click()");
        await page.EvaluateAsync($"{Headers}[0].focus()");
        await page.TypeAsync("Accept");
        await page.WaitForAsync($"{Headers}.length >= 4", "Scalar to add the Accept row");

        string jsonc = await SendAsync(page, Headers, "application/jsonc", "JMC1 (application/jsonc)", previous: "");
        Assert.Contains("\"customer\": \"Grace Hopper\"", jsonc, StringComparison.Ordinal);
        Assert.DoesNotContain("/*", jsonc, StringComparison.Ordinal);

        string msgpack = await SendAsync(page, Headers, "application/x-msgpack", "Decoded from", previous: jsonc);
        Assert.Matches(@"// Decoded from \d+ bytes of MessagePack \(application/x-msgpack\) for display\.", msgpack);
        Assert.Contains("\"Customer\": \"Grace Hopper\"", msgpack, StringComparison.Ordinal);
        Assert.Contains("\"$timestamp\": \"2024-01-01T09:13:00Z\"", msgpack, StringComparison.Ordinal);

        string artifacts = Directory.CreateDirectory(Path.Combine(AppContext.BaseDirectory, "artifacts")).FullName;
        await page.ScreenshotAsync(Path.Combine(artifacts, "scalar-msgpack.png"));
    }

    /// <summary>
    /// Sets the Accept row's value in Scalar's API client, clicks Send and returns the response body Scalar then shows:
    /// the first that contains <paramref name="expected"/> and differs from the <paramref name="previous"/> body.
    /// </summary>
    private static async Task<string> SendAsync(ChromiumPage page, string headers, string accept, string expected, string previous)
    {
        await page.EvaluateAsync($$"""
            (() => {
              const value = {{headers}}[1];
              value.focus();
              const range = document.createRange();
              range.selectNodeContents(value);
              getSelection().removeAllRanges();
              getSelection().addRange(range);
            })()
            """);
        await page.TypeAsync(accept);
        await page.WaitForAsync($"{headers}[1].innerText.trim() === {JsonSerializer.Serialize(accept)}", $"the Accept value {accept}");
        await page.EvaluateAsync("document.activeElement.blur(), [...document.querySelectorAll('[role=dialog] button')].find(b => /^Send/.test(b.innerText.trim())).click()");
        var body = await page.WaitForAsync($$"""
            (() => {
              const text = document.querySelector('[role=dialog]').innerText;
              const at = text.indexOf('Response Body');
              const body = at < 0 ? null : text.slice(at);
              return body && body !== {{JsonSerializer.Serialize(previous)}} && body.includes({{JsonSerializer.Serialize(expected)}}) ? body : null;
            })()
            """, $"the {accept} response body in Scalar");
        return body.GetString()!;
    }
}
