using System.Text.Json.Nodes;
using FastFormatters.IntegrationTests.Infrastructure;
using Microsoft.AspNetCore.Builder;
using Microsoft.Extensions.DependencyInjection;

namespace FastFormatters.IntegrationTests.OpenApi;

/// <summary>
/// Swashbuckle's document with plain <c>AddSwaggerGen()</c>, no FastFormatters.Swashbuckle: every media type it lists
/// for a request body is one whose wire its schema describes, so a client that follows it gets its data bound.
/// </summary>
public sealed class PlainSwaggerGenTests : IAsyncLifetime
{
    private KestrelApp _app = null!;

    public async Task InitializeAsync()
        => _app = await PlainDocumentCheck.StartAsync(
            // As the ASP.NET Core Web API template has it: minimal endpoints are described too.
            services => services.AddEndpointsApiExplorer().AddSwaggerGen(),
            app => app.UseSwagger());

    public async Task DisposeAsync() => await _app.DisposeAsync();

    [Fact]
    public async Task A_body_built_from_each_listed_media_types_schema_is_bound()
    {
        var document = JsonNode.Parse(await _app.Client.GetStringAsync("/swagger/v1/swagger.json"))!.AsObject();
        var problems = await PlainDocumentCheck.PostEveryRequestBodyAsync(_app.Client, document);
        Assert.True(problems.Count == 0, string.Join("\n", problems));
    }
}
