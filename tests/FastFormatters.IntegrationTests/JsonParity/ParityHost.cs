using System.Collections.Concurrent;
using System.Diagnostics;
using System.Net.Http.Headers;
using System.Text;
using System.Text.Json;
using FastFormatters.Diagnostics;
using FastFormatters.IntegrationTests.Infrastructure;
using Microsoft.AspNetCore.Builder;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Options;

namespace FastFormatters.IntegrationTests.JsonParity;

/// <summary>
/// One option set's hosts, on real Kestrel (127.0.0.1, port 0), both configured by the same
/// <see cref="ConfigureJson"/>, applied to MVC's JsonOptions (AddJsonOptions) and to the minimal-API JsonOptions
/// (ConfigureHttpJsonOptions):
/// <list type="bullet">
/// <item><see cref="Fast"/>: <c>AddFastFormatters()</c>; every model's MVC actions (<c>JsonResult</c> beside
/// negotiated <c>ActionResult&lt;T&gt;</c> and a <c>[FromBody] T</c> echo) and minimal endpoints (<c>Results.Json</c>
/// and <c>[FromBody] T</c> beside <c>FastResults.Negotiated</c> and <c>NegotiatedBody&lt;T&gt;</c>).</item>
/// <item><see cref="Builtin"/>: the same controllers and options without FastFormatters, so MVC's own System.Text.Json
/// input and output formatters serve the same actions. This is the honest reference for MVC request bodies: the
/// framework's input formatter with its own error handling, rather than a <c>JsonSerializer.Deserialize</c> call
/// inside an action, which would skip how MVC turns a <c>JsonException</c> into a 400.</item>
/// </list>
/// </summary>
public abstract class ParityHost : IAsyncLifetime
{
    public const string ReceivedTypeHeader = "X-Received-Type";

    private readonly ConcurrentDictionary<string, string> _builtinBodies = new();
    private KestrelApp? _fast;
    private KestrelApp? _builtin;
    private FormatterMetrics _metrics = null!;

    /// <summary>The option set's name, for assertion messages.</summary>
    public abstract string Name { get; }

    /// <summary>The app with FastFormatters.</summary>
    public HttpClient Fast => _fast!.Client;

    /// <summary>The same app without FastFormatters.</summary>
    public HttpClient Builtin => _builtin!.Client;

    /// <summary>MVC's options in the FastFormatters app, as the app configured them.</summary>
    public JsonSerializerOptions MvcJsonOptions
        => _fast!.App.Services.GetRequiredService<IOptions<Microsoft.AspNetCore.Mvc.JsonOptions>>().Value.JsonSerializerOptions;

    /// <summary>The minimal-API options in the FastFormatters app.</summary>
    public JsonSerializerOptions MinimalJsonOptions
        => _fast!.App.Services.GetRequiredService<IOptions<Microsoft.AspNetCore.Http.Json.JsonOptions>>().Value.SerializerOptions;

    /// <summary>The app's JSON options: the option set under test.</summary>
    protected abstract void ConfigureJson(JsonSerializerOptions options);

    /// <summary>The option set outside a host: ASP.NET Core's web defaults, configured by <see cref="ConfigureJson"/>.</summary>
    public JsonSerializerOptions CreateJsonOptions()
    {
        var options = new JsonSerializerOptions(JsonSerializerDefaults.Web);
        ConfigureJson(options);
        return options;
    }

    /// <summary>The FastFormatters app's own options, beside the JSON ones; none by default.</summary>
    protected virtual void ConfigureFastFormatters(FastFormattersOptions options)
    {
    }

    public async Task InitializeAsync()
    {
        _fast = await StartAsync(fastFormatters: true);
        _builtin = await StartAsync(fastFormatters: false);
        _metrics = _fast.App.Services.GetRequiredService<FormatterMetrics>();
    }

    public async Task DisposeAsync()
    {
        if (_fast is not null)
        {
            await _fast.DisposeAsync();
        }

        if (_builtin is not null)
        {
            await _builtin.DisposeAsync();
        }
    }

    /// <summary>Sends a request with <c>Accept: application/json</c> (and a JSON body when given).</summary>
    public static async Task<ParityResponse> SendAsync(HttpClient client, HttpMethod method, string path, string? body = null)
    {
        ArgumentNullException.ThrowIfNull(client);
        using var request = new HttpRequestMessage(method, path);
        request.Headers.Accept.Add(new MediaTypeWithQualityHeaderValue("application/json"));
        if (body is not null)
        {
            request.Content = new StringContent(body, Encoding.UTF8, "application/json");
        }

        using var response = await client.SendAsync(request);
        var text = await response.Content.ReadAsStringAsync();
        var received = response.Headers.TryGetValues(ReceivedTypeHeader, out var values) ? values.Single() : null;
        return new ParityResponse((int)response.StatusCode, text, received, response.Content.Headers.ContentType?.ToString());
    }

    /// <summary>
    /// Sends a request to an endpoint FastFormatters should serve, and fails unless its JSON read or write count moved:
    /// otherwise MVC fell back to its own formatter and the comparison would be System.Text.Json against itself.
    /// </summary>
    public async Task<ParityResponse> SendToFastFormattersAsync(HttpMethod method, string path, string? body = null)
    {
        // The report names the directions "read" and "write".
        string direction = body is null ? "write" : "read";
        long before = JsonCount(direction);
        var response = await SendAsync(Fast, method, path, body);

        // A response's write is recorded just after its last byte is flushed, so it may trail the client slightly.
        var waited = Stopwatch.StartNew();
        while (JsonCount(direction) == before && waited.Elapsed < TimeSpan.FromSeconds(5))
        {
            await Task.Delay(5);
        }

        Assert.True(
            JsonCount(direction) > before,
            $"[{Name}] {method} {path} was not {(direction == "read" ? "read" : "written")} by FastFormatters (its JSON count did not move), so MVC's own formatter served it: {response}");
        return response;
    }

    /// <summary>The built-in minimal-API JSON of a model's sample: the document a client of this option set would send back.</summary>
    public async Task<string> BuiltinJsonAsync(string key)
    {
        if (_builtinBodies.TryGetValue(key, out var cached))
        {
            return cached;
        }

        var response = await SendAsync(Fast, HttpMethod.Get, $"/minimal/{key}/builtin");
        Assert.True(response.Status == 200, $"[{Name}] the built-in minimal response of {key} failed: {response}");
        return _builtinBodies.GetOrAdd(key, response.Body);
    }

    private long JsonCount(string direction)
        => _metrics.GetReport().Formats.Single(entry => entry.Format == "json" && entry.Direction == direction).Count;

    private Task<KestrelApp> StartAsync(bool fastFormatters) => KestrelApp.StartAsync(
        builder =>
        {
            var mvc = builder.Services.AddControllers()
                .ConfigureApplicationPartManager(manager => manager.FeatureProviders.Add(new ParityControllerFeatureProvider()))
                .AddJsonOptions(options => ConfigureJson(options.JsonSerializerOptions));
            builder.Services.ConfigureHttpJsonOptions(options => ConfigureJson(options.SerializerOptions));
            if (fastFormatters)
            {
                mvc.AddFastFormatters(ConfigureFastFormatters);
            }
        },
        app =>
        {
            app.MapControllers();
            if (fastFormatters)
            {
                app.MapParityEndpoints();
            }
        });
}
