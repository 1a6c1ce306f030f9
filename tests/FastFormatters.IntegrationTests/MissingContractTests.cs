using System.Net;
using System.Net.Http.Headers;
using System.Text.Json;
using System.Text.Json.Serialization;
using FastFormatters.IntegrationTests.Infrastructure;
using MessagePack;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.DependencyInjection;

namespace FastFormatters.IntegrationTests;

/// <summary>
/// Over HTTP: an app whose JSON options take their metadata from a JsonSerializerContext alone (as an app ready for
/// trimming does) answers a type the context lists from its generated contract, and a type it does not list with a
/// server error, as System.Text.Json would: never 200 with an empty object. MessagePack, whose contract reads members
/// by reflection (on in this process), still serves the unlisted type with its data.
/// </summary>
public sealed class MissingContractTests : IAsyncLifetime
{
    private KestrelApp _app = null!;

    public async Task InitializeAsync()
        => _app = await KestrelApp.StartAsync(
            builder =>
            {
                builder.Services.ConfigureHttpJsonOptions(o => o.SerializerOptions.TypeInfoResolver = ContextOnlyJsonContext.Default);
                builder.Services.AddFastFormatters();
            },
            app =>
            {
                app.MapGet("/listed", () => FastResults.Negotiated(new ListedParcel { Id = 7, Label = "Zoë" }));
                app.MapGet("/unlisted", () => FastResults.Negotiated(new UnlistedParcel { Id = 8, Label = "Ada" }));
            });

    public async Task DisposeAsync() => await _app.DisposeAsync();

    [Fact]
    public async Task A_listed_type_is_served_from_the_generated_contract()
    {
        var (status, body) = await GetAsync("/listed", "application/json");

        Assert.Equal(HttpStatusCode.OK, status);
        Assert.Equal("""{"id":7,"label":"Zoë"}""", System.Text.Encoding.UTF8.GetString(body));
    }

    [Theory]
    [InlineData("application/json")]
    [InlineData("application/jsonc")]
    public async Task An_unlisted_type_is_a_server_error_never_an_empty_object(string accept)
    {
        var (status, body) = await GetAsync("/unlisted", accept);

        string text = System.Text.Encoding.UTF8.GetString(body);
        Assert.True(status == HttpStatusCode.InternalServerError, $"{(int)status}: {text}");
        Assert.DoesNotContain("{}", text, StringComparison.Ordinal);
    }

    [Fact]
    public async Task MessagePack_reads_the_unlisted_type_by_reflection_with_its_data()
    {
        var (status, body) = await GetAsync("/unlisted", "application/x-msgpack");

        Assert.Equal(HttpStatusCode.OK, status);
        Assert.Equal("""{"Id":8,"Label":"Ada"}""", MessagePackSerializer.ConvertToJson(body));
    }

    private async Task<(HttpStatusCode Status, byte[] Body)> GetAsync(string path, string accept)
    {
        using var request = new HttpRequestMessage(HttpMethod.Get, path);
        request.Headers.Accept.Add(new MediaTypeWithQualityHeaderValue(accept));
        using var response = await _app.Client.SendAsync(request);
        return (response.StatusCode, await response.Content.ReadAsByteArrayAsync());
    }
}

public sealed class ListedParcel
{
    public int Id { get; set; }

    public string Label { get; set; } = "";
}

public sealed class UnlistedParcel
{
    public int Id { get; set; }

    public string Label { get; set; } = "";
}

[JsonSourceGenerationOptions(JsonSerializerDefaults.Web)]
[JsonSerializable(typeof(ListedParcel))]
internal sealed partial class ContextOnlyJsonContext : JsonSerializerContext;
