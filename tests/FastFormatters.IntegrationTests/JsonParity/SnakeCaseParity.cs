using System.Text.Json;

namespace FastFormatters.IntegrationTests.JsonParity;

/// <summary>Option set 3: PropertyNamingPolicy and DictionaryKeyPolicy SnakeCaseLower.</summary>
public sealed class SnakeCaseHost : ParityHost
{
    public override string Name => "snake-case";

    protected override void ConfigureJson(JsonSerializerOptions options)
    {
        options.PropertyNamingPolicy = JsonNamingPolicy.SnakeCaseLower;
        options.DictionaryKeyPolicy = JsonNamingPolicy.SnakeCaseLower;
    }
}

public sealed class SnakeCaseParityTests(SnakeCaseHost host) : JsonParityTests<SnakeCaseHost>(host), IClassFixture<SnakeCaseHost>
{
    [Fact]
    public async Task Names_and_dictionary_keys_are_snake_case_in_mvc_and_minimal_apis()
    {
        var (mvc, minimal) = await BuiltinDocumentsAsync("primitives");
        Assert.True(mvc.TryGetProperty("small_double", out _), mvc.GetRawText());
        Assert.True(minimal.TryGetProperty("small_double", out _), minimal.GetRawText());

        var (mvcDictionary, minimalDictionary) = await BuiltinDocumentsAsync("dictionary");
        Assert.True(mvcDictionary.TryGetProperty("two_words", out _), mvcDictionary.GetRawText());
        Assert.True(minimalDictionary.TryGetProperty("two_words", out _), minimalDictionary.GetRawText());
    }
}
