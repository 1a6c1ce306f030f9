using System.Net;
using System.Net.Http.Headers;
using FastFormatters.IntegrationTests.Infrastructure;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Mvc;
using Microsoft.Extensions.DependencyInjection;

namespace FastFormatters.IntegrationTests;

/// <summary>
/// <c>FastResults.Negotiated(problem)</c> is <c>application/problem+json</c> (RFC 9457) whatever the client accepts,
/// with the problem's status and a trace id, as ASP.NET Core writes problems.
/// </summary>
public sealed class NegotiatedProblemTests : IAsyncLifetime
{
    private KestrelApp? _host;

    private HttpClient Client => _host!.Client;

    public async Task InitializeAsync()
        => _host = await KestrelApp.StartAsync(
            builder => builder.Services.AddFastFormatters(options => options.ReturnHttpNotAcceptable = true),
            app =>
            {
                app.MapGet("/problem", () => FastResults.Negotiated(new ProblemDetails { Status = 409, Title = "Conflict", Detail = "Taken." }));
                app.MapGet("/problem-without-status", () => FastResults.Negotiated(new ProblemDetails { Detail = "No status." }, 422));
            });

    public async Task DisposeAsync() => await _host!.DisposeAsync();

    [Theory]
    [InlineData("application/json")]
    [InlineData("application/x-msgpack")]
    [InlineData("application/jsonc")]
    [InlineData("application/xml")]
    public async Task A_negotiated_problem_is_problem_json_with_its_status(string accept)
    {
        using var request = new HttpRequestMessage(HttpMethod.Get, "/problem");
        request.Headers.Accept.Add(new MediaTypeWithQualityHeaderValue(accept));
        using var response = await Client.SendAsync(request);

        var problem = await Problem.AssertAsync(response, 409);
        Assert.Equal("Taken.", problem.GetProperty("detail").GetString());
    }

    [Fact]
    public async Task A_problem_without_a_status_takes_the_results()
    {
        using var response = await Client.GetAsync("/problem-without-status");

        var problem = await Problem.AssertAsync(response, 422);
        Assert.Equal("No status.", problem.GetProperty("detail").GetString());
    }
}
