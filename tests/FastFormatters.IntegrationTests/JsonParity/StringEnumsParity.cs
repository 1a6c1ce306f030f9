using System.Text.Json;
using System.Text.Json.Serialization;

namespace FastFormatters.IntegrationTests.JsonParity;

/// <summary>Option set 2: the defaults plus JsonStringEnumConverter.</summary>
public sealed class StringEnumsHost : ParityHost
{
    public override string Name => "string-enums";

    protected override void ConfigureJson(JsonSerializerOptions options) => options.Converters.Add(new JsonStringEnumConverter());
}

public sealed class StringEnumsParityTests(StringEnumsHost host) : JsonParityTests<StringEnumsHost>(host), IClassFixture<StringEnumsHost>
{
    [Fact]
    public async Task Enums_are_names_in_mvc_and_minimal_apis()
    {
        var (mvc, minimal) = await BuiltinDocumentsAsync("enums");
        Assert.Equal("Blue", mvc.GetProperty("color").GetString());
        Assert.Equal("Blue", minimal.GetProperty("color").GetString());
        Assert.Equal("express-air", minimal.GetProperty("shipping").GetString());
    }
}
