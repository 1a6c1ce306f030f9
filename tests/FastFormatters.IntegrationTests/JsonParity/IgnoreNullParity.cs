using System.Text.Json;
using System.Text.Json.Serialization;

namespace FastFormatters.IntegrationTests.JsonParity;

/// <summary>Option set 4: DefaultIgnoreCondition WhenWritingNull.</summary>
public sealed class IgnoreNullHost : ParityHost
{
    public override string Name => "ignore-null";

    protected override void ConfigureJson(JsonSerializerOptions options) => options.DefaultIgnoreCondition = JsonIgnoreCondition.WhenWritingNull;
}

public sealed class IgnoreNullParityTests(IgnoreNullHost host) : JsonParityTests<IgnoreNullHost>(host), IClassFixture<IgnoreNullHost>
{
    [Fact]
    public async Task Null_members_are_left_out_in_mvc_and_minimal_apis()
    {
        var (mvc, minimal) = await BuiltinDocumentsAsync("nullables");
        Assert.False(mvc.TryGetProperty("nullInt", out _), mvc.GetRawText());
        Assert.False(minimal.TryGetProperty("nullInt", out _), minimal.GetRawText());
        Assert.Equal(7, minimal.GetProperty("setInt").GetInt32());
    }
}
