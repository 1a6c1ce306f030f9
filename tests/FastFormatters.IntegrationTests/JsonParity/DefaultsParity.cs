using System.Text.Json;
using System.Text.Json.Serialization;

namespace FastFormatters.IntegrationTests.JsonParity;

/// <summary>Option set 1: ASP.NET Core's defaults (web: camelCase, enums as numbers, case-insensitive, AllowReadingFromString).</summary>
public sealed class DefaultsHost : ParityHost
{
    public override string Name => "defaults";

    protected override void ConfigureJson(JsonSerializerOptions options)
    {
    }
}

public sealed class DefaultsParityTests(DefaultsHost host) : JsonParityTests<DefaultsHost>(host), IClassFixture<DefaultsHost>
{
    [Fact]
    public async Task The_web_defaults_apply_to_mvc_and_minimal_apis()
    {
        foreach (var options in new[] { Host.MvcJsonOptions, Host.MinimalJsonOptions })
        {
            Assert.Same(JsonNamingPolicy.CamelCase, options.PropertyNamingPolicy);
            Assert.True(options.PropertyNameCaseInsensitive);
            Assert.Equal(JsonNumberHandling.AllowReadingFromString, options.NumberHandling);
        }

        var (mvc, minimal) = await BuiltinDocumentsAsync("enums");
        Assert.Equal(2, mvc.GetProperty("color").GetInt32());
        Assert.Equal(2, minimal.GetProperty("color").GetInt32());
    }
}
