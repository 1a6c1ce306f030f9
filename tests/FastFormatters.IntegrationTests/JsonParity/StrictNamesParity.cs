using System.Text.Json;
using System.Text.Json.Serialization;

namespace FastFormatters.IntegrationTests.JsonParity;

/// <summary>Option set 7: PropertyNameCaseInsensitive false and UnmappedMemberHandling Disallow.</summary>
public sealed class StrictNamesHost : ParityHost
{
    public override string Name => "strict-names";

    protected override void ConfigureJson(JsonSerializerOptions options)
    {
        options.PropertyNameCaseInsensitive = false;
        options.UnmappedMemberHandling = JsonUnmappedMemberHandling.Disallow;
    }
}

public sealed class StrictNamesParityTests(StrictNamesHost host) : JsonParityTests<StrictNamesHost>(host), IClassFixture<StrictNamesHost>
{
    [Fact]
    public void The_options_reach_mvc_and_minimal_apis()
    {
        foreach (var options in new[] { Host.MvcJsonOptions, Host.MinimalJsonOptions })
        {
            Assert.False(options.PropertyNameCaseInsensitive);
            Assert.Equal(JsonUnmappedMemberHandling.Disallow, options.UnmappedMemberHandling);
        }
    }

    [Fact]
    public async Task An_unknown_member_is_a_400_naming_it_in_mvc()
    {
        const string body = """{"id":1001,"surprise":true}""";
        var builtin = await ParityHost.SendAsync(Host.Builtin, HttpMethod.Post, "/mvc/nested/echo", body);
        var ours = await Host.SendToFastFormattersAsync(HttpMethod.Post, "/mvc/nested/echo", body);

        Assert.True(builtin.Status == 400, builtin.ToString());
        Assert.True(ours.Status == 400, ours.ToString());
        Assert.Contains("surprise", ours.Body, StringComparison.Ordinal);
    }

    [Fact]
    public async Task An_unknown_member_is_a_400_naming_it_in_minimal_apis()
    {
        const string body = """{"id":1001,"surprise":true}""";
        var builtin = await ParityHost.SendAsync(Host.Fast, HttpMethod.Post, "/minimal/nested/echo-builtin", body);
        var ours = await Host.SendToFastFormattersAsync(HttpMethod.Post, "/minimal/nested/echo-negotiated", body);

        Assert.True(builtin.Status == 400, builtin.ToString());
        Assert.True(ours.Status == 400, ours.ToString());
        Assert.Contains("surprise", ours.Body, StringComparison.Ordinal);
    }
}
