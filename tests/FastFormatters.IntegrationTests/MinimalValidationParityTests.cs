using System.Net;
using System.Net.Http.Headers;
using System.Text.Json;
using FastFormatters.Http;
using FastFormatters.IntegrationTests.Infrastructure;
using FastFormatters.Samples.WebApi.Models;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;
using Microsoft.Extensions.DependencyInjection;

namespace FastFormatters.IntegrationTests;

/// <summary>
/// A <c>NegotiatedBody&lt;T&gt;</c> is validated as .NET 10 minimal APIs validate a <c>[FromBody]</c> JSON parameter
/// (<c>AddValidation</c>): one host serves both, and an invalid body gets the same 400 with the same error keys from
/// each, in JSON and in MessagePack; a valid one reaches the handler; without AddValidation neither validates.
/// </summary>
public sealed class MinimalValidationParityTests : IAsyncLifetime
{
    private KestrelApp? _validating;
    private KestrelApp? _plain;

    private HttpClient Client => _validating!.Client;

    private HttpClient PlainClient => _plain!.Client;

    public static TheoryData<string> InvalidBodies => new()
    {
        """{"customer":"","lines":[]}""",
        """{"customer":"Ada","lines":[{"sku":"","quantity":0,"unitPrice":1}]}""",
        """{"customer":"Ada","notes":"far too long a note for the sample's limit of two hundred characters, which this is not, so it is valid","lines":[{"sku":"A-1","quantity":5000,"unitPrice":0}]}""",
    };

    public async Task InitializeAsync()
    {
        _validating = await StartAsync(validate: true);
        _plain = await StartAsync(validate: false);
    }

    public async Task DisposeAsync()
    {
        await _validating!.DisposeAsync();
        await _plain!.DisposeAsync();
    }

    [Theory]
    [MemberData(nameof(InvalidBodies))]
    public async Task An_invalid_json_body_gets_the_frameworks_400_with_the_same_keys(string json)
    {
        var builtin = await ErrorsAsync(await Client.PostAsync("/builtin/orders", Problem.Json(json)), ours: false);
        var fast = await ErrorsAsync(await Client.PostAsync("/fast/orders", Problem.Json(json)));

        Assert.NotEmpty(builtin);
        Assert.Equal(builtin, fast);
    }

    [Theory]
    [MemberData(nameof(InvalidBodies))]
    public async Task The_same_body_in_message_pack_gets_the_same_400(string json)
    {
        var request = JsonSerializer.Deserialize<CreateOrderRequest>(json, JsonSerializerOptions.Web)!;
        var builtin = await ErrorsAsync(await Client.PostAsync("/builtin/orders", Problem.Json(json)), ours: false);
        var fast = await ErrorsAsync(await Client.PostAsMessagePackAsync("/fast/orders", request));

        Assert.Equal(builtin, fast);
    }

    [Fact]
    public async Task A_valid_body_reaches_the_handler()
    {
        using var response = await Client.PostAsync("/fast/orders", Problem.Json("""{"customer":"Ada","lines":[{"sku":"A-1","quantity":2,"unitPrice":9.5}]}"""));

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Contains("Ada", await response.Content.ReadAsStringAsync(), StringComparison.Ordinal);
    }

    [Fact]
    public async Task Without_AddValidation_neither_endpoint_validates()
    {
        foreach (var path in new[] { "/builtin/orders", "/fast/orders" })
        {
            using var response = await PlainClient.PostAsync(path, Problem.Json("""{"customer":"","lines":[]}"""));
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

    private static Task<KestrelApp> StartAsync(bool validate) => KestrelApp.StartAsync(
        builder =>
        {
            builder.Services.AddFastFormatters();
            if (validate)
            {
                builder.Services.AddMinimalValidation();
            }
        },
        app =>
        {
            app.MapPost("/builtin/orders", ([FromBody] CreateOrderRequest request) => Results.Ok(request));
            app.MapPost("/fast/orders", (NegotiatedBody<CreateOrderRequest> body) => FastResults.Negotiated(body.Value));
        });
}
