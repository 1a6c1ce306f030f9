using System.Net;
using System.Net.Http.Headers;
using FastFormatters.IntegrationTests.Infrastructure;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.AspNetCore.Http.Features;
using Microsoft.AspNetCore.Mvc;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;

namespace FastFormatters.IntegrationTests;

/// <summary>
/// <c>FastResults.Negotiated(problem)</c> is <c>application/problem+json</c> (RFC 9457) whatever the client accepts,
/// with the problem's status and a trace id, as ASP.NET Core writes problems.
/// </summary>
public sealed class NegotiatedProblemTests : IAsyncLifetime
{
    private WebApplication? _app;
    private HttpClient _client = null!;

    public async Task InitializeAsync()
    {
        var builder = WebApplication.CreateBuilder(["--urls", "http://127.0.0.1:0"]);
        builder.Logging.SetMinimumLevel(LogLevel.Warning);
        builder.Services.AddFastFormatters(options => options.ReturnNotAcceptable = true);
        _app = builder.Build();
        _app.MapGet("/problem", () => FastResults.Negotiated(new ProblemDetails { Status = 409, Title = "Conflict", Detail = "Taken." }));
        _app.MapGet("/problem-without-status", () => FastResults.Negotiated(new ProblemDetails { Detail = "No status." }, 422));
        await _app.StartAsync();
        var address = _app.Services.GetRequiredService<IServer>().Features.GetRequiredFeature<IServerAddressesFeature>().Addresses.Single();
        _client = new HttpClient { BaseAddress = new Uri(address) };
    }

    public async Task DisposeAsync()
    {
        _client.Dispose();
        await _app!.DisposeAsync();
    }

    [Theory]
    [InlineData("application/json")]
    [InlineData("application/x-msgpack")]
    [InlineData("application/jsonc")]
    [InlineData("application/xml")]
    public async Task A_negotiated_problem_is_problem_json_with_its_status(string accept)
    {
        using var request = new HttpRequestMessage(HttpMethod.Get, "/problem");
        request.Headers.Accept.Add(new MediaTypeWithQualityHeaderValue(accept));
        using var response = await _client.SendAsync(request);

        var problem = await Problem.AssertAsync(response, 409);
        Assert.Equal("Taken.", problem.GetProperty("detail").GetString());
    }

    [Fact]
    public async Task A_problem_without_a_status_takes_the_results()
    {
        using var response = await _client.GetAsync("/problem-without-status");

        var problem = await Problem.AssertAsync(response, 422);
        Assert.Equal("No status.", problem.GetProperty("detail").GetString());
    }
}
