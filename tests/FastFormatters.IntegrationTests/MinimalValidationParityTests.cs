using System.Net;
using System.Net.Http.Headers;
using System.Text.Json;
using FastFormatters.Http;
using FastFormatters.IntegrationTests.Infrastructure;
using FastFormatters.Samples.WebApi.Models;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.Features;
using Microsoft.AspNetCore.Mvc;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;

namespace FastFormatters.IntegrationTests;

/// <summary>
/// A <c>NegotiatedBody&lt;T&gt;</c> is validated as .NET 10 minimal APIs validate a <c>[FromBody]</c> JSON parameter
/// (<c>AddValidation</c>): one host serves both, and an invalid body gets the same 400 with the same error keys from
/// each, in JSON and in MessagePack; a valid one reaches the handler; without AddValidation neither validates.
/// </summary>
public sealed class MinimalValidationParityTests : IAsyncLifetime
{
    private WebApplication? _validating;
    private WebApplication? _plain;
    private HttpClient _client = null!;
    private HttpClient _plainClient = null!;

    public static TheoryData<string> InvalidBodies => new()
    {
        """{"customer":"","lines":[]}""",
        """{"customer":"Ada","lines":[{"sku":"","quantity":0,"unitPrice":1}]}""",
        """{"customer":"Ada","notes":"far too long a note for the sample's limit of two hundred characters, which this is not, so it is valid","lines":[{"sku":"A-1","quantity":5000,"unitPrice":0}]}""",
    };

    public async Task InitializeAsync()
    {
        (_validating, _client) = await StartAsync(validate: true);
        (_plain, _plainClient) = await StartAsync(validate: false);
    }

    public async Task DisposeAsync()
    {
        _client.Dispose();
        _plainClient.Dispose();
        await _validating!.DisposeAsync();
        await _plain!.DisposeAsync();
    }

    [Theory]
    [MemberData(nameof(InvalidBodies))]
    public async Task An_invalid_json_body_gets_the_frameworks_400_with_the_same_keys(string json)
    {
        var builtin = await ErrorsAsync(await _client.PostAsync("/builtin/orders", Problem.Json(json)), ours: false);
        var fast = await ErrorsAsync(await _client.PostAsync("/fast/orders", Problem.Json(json)));

        Assert.NotEmpty(builtin);
        Assert.Equal(builtin, fast);
    }

    [Theory]
    [MemberData(nameof(InvalidBodies))]
    public async Task The_same_body_in_message_pack_gets_the_same_400(string json)
    {
        var request = JsonSerializer.Deserialize<CreateOrderRequest>(json, JsonSerializerOptions.Web)!;
        var builtin = await ErrorsAsync(await _client.PostAsync("/builtin/orders", Problem.Json(json)), ours: false);
        var fast = await ErrorsAsync(await _client.PostAsMessagePackAsync("/fast/orders", request));

        Assert.Equal(builtin, fast);
    }

    [Fact]
    public async Task A_valid_body_reaches_the_handler()
    {
        using var response = await _client.PostAsync("/fast/orders", Problem.Json("""{"customer":"Ada","lines":[{"sku":"A-1","quantity":2,"unitPrice":9.5}]}"""));

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Contains("Ada", await response.Content.ReadAsStringAsync(), StringComparison.Ordinal);
    }

    [Fact]
    public async Task Without_AddValidation_neither_endpoint_validates()
    {
        foreach (var path in new[] { "/builtin/orders", "/fast/orders" })
        {
            using var response = await _plainClient.PostAsync(path, Problem.Json("""{"customer":"","lines":[]}"""));
            Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        }
    }

    // Without AddProblemDetails the framework answers a bare application/json problem; FastFormatters always a full
    // application/problem+json one (checked for ours by Problem.AssertAsync). The status and errors must match.
    private static async Task<SortedDictionary<string, string[]>> ErrorsAsync(HttpResponseMessage response, bool ours = true)
    {
        using (response)
        {
            Assert.Equal(HttpStatusCode.BadRequest, response.StatusCode);
            var problem = ours
                ? await Problem.AssertAsync(response, 400, requireTraceId: false)
                : JsonDocument.Parse(await response.Content.ReadAsStringAsync()).RootElement;
            return new SortedDictionary<string, string[]>(
                problem.GetProperty("errors").EnumerateObject().ToDictionary(p => p.Name, p => p.Value.EnumerateArray().Select(e => e.GetString()!).ToArray()),
                StringComparer.Ordinal);
        }
    }

    private static async Task<(WebApplication App, HttpClient Client)> StartAsync(bool validate)
    {
        var builder = WebApplication.CreateBuilder(["--urls", "http://127.0.0.1:0"]);
        builder.Logging.SetMinimumLevel(LogLevel.Warning);
        builder.Services.AddFastFormatters();
        if (validate)
        {
            builder.Services.AddValidation();
        }

        var app = builder.Build();
        app.MapPost("/builtin/orders", ([FromBody] CreateOrderRequest request) => Results.Ok(request));
        app.MapPost("/fast/orders", (NegotiatedBody<CreateOrderRequest> body) => FastResults.Negotiated(body.Value));
        await app.StartAsync();
        var address = app.Services.GetRequiredService<IServer>().Features.GetRequiredFeature<IServerAddressesFeature>().Addresses.Single();
        return (app, new HttpClient { BaseAddress = new Uri(address) });
    }
}
