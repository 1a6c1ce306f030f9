using System.Collections.Concurrent;
using System.Net;
using System.Net.Http.Headers;
using FastFormatters.IntegrationTests.Infrastructure;
using FastFormatters.Serialization;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Mvc;
using Microsoft.Extensions.DependencyInjection;

namespace FastFormatters.IntegrationTests;

/// <summary>
/// MVC asks its output formatters one by one which can write a response; a FastFormatters formatter whose media types the
/// request does not ask for declines before it looks at the type, so no format builds converters for a response another
/// format writes (a cost paid on the first request of each type).
/// </summary>
public sealed class MvcFormatterSelectionTests : IAsyncLifetime
{
    private readonly AskedTypes _asked = new();
    private KestrelApp _app = null!;

    public async Task InitializeAsync()
        => _app = await KestrelApp.StartAsync(
            builder =>
            {
                builder.Services.AddControllers().AddApplicationPart(typeof(SelectionController).Assembly);
                builder.Services.AddFastFormatters(options => options.ConverterProviders.Add(_asked));
            },
            app => app.MapControllers());

    public async Task DisposeAsync() => await _app.DisposeAsync();

    [Theory]
    [InlineData("application/msgpack", FormatFamily.MessagePack, FormatFamily.Json)]
    [InlineData("application/jsonc", FormatFamily.Json, FormatFamily.MessagePack)]
    [InlineData("application/json", FormatFamily.Json, FormatFamily.MessagePack)]
    public async Task Only_the_format_the_request_asks_for_builds_converters_for_the_response(string accept, FormatFamily written, FormatFamily other)
    {
        using var request = new HttpRequestMessage(HttpMethod.Get, "/selection/parcel");
        request.Headers.Accept.Add(new MediaTypeWithQualityHeaderValue(accept));
        using var response = await _app.Client.SendAsync(request);

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal(accept, response.Content.Headers.ContentType?.MediaType);
        Assert.Contains((typeof(Parcel), written), _asked.Keys);
        Assert.DoesNotContain((typeof(Parcel), other), _asked.Keys);
    }

    /// <summary>Records each type and family the resolvers ask converters for; provides none.</summary>
    private sealed class AskedTypes : ConverterProvider
    {
        private readonly ConcurrentDictionary<(Type, FormatFamily), bool> _asked = new();

        public ICollection<(Type, FormatFamily)> Keys => _asked.Keys;

        public override ValueConverter? GetConverter(Type type, ConverterContext context)
        {
            _asked[(type, context.Family)] = true;
            return null;
        }
    }
}

public sealed record Parcel(int Id, string Label);

[ApiController]
[Route("selection")]
public sealed class SelectionController : ControllerBase
{
    [HttpGet("parcel")]
    public Parcel Get() => new(1, "one");
}
