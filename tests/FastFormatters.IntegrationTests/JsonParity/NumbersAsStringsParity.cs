using System.Text.Json;
using System.Text.Json.Serialization;

namespace FastFormatters.IntegrationTests.JsonParity;

/// <summary>Option set 6: NumberHandling WriteAsString | AllowReadingFromString.</summary>
public sealed class NumbersAsStringsHost : ParityHost
{
    public override string Name => "numbers-as-strings";

    protected override void ConfigureJson(JsonSerializerOptions options)
        => options.NumberHandling = JsonNumberHandling.WriteAsString | JsonNumberHandling.AllowReadingFromString;
}

public sealed class NumbersAsStringsParityTests(NumbersAsStringsHost host) : JsonParityTests<NumbersAsStringsHost>(host), IClassFixture<NumbersAsStringsHost>
{
    [Fact]
    public async Task Numbers_are_strings_in_mvc_and_minimal_apis()
    {
        var (mvc, minimal) = await BuiltinDocumentsAsync("primitives");
        Assert.Equal("-123456", mvc.GetProperty("int32").GetString());
        Assert.Equal("-123456", minimal.GetProperty("int32").GetString());
    }
}
