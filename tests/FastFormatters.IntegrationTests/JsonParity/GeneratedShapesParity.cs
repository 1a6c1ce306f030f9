namespace FastFormatters.IntegrationTests.JsonParity;

/// <summary>
/// The default option set again, with the catalog's types described by the source generator
/// (<see cref="ParityShapes"/>): on the JIT a provider's shape comes before reflection, so the whole matrix runs through
/// the generated descriptions and is held to System.Text.Json's own formatters as the reflection run is.
/// </summary>
public sealed class GeneratedShapesHost : ParityHost
{
    public override string Name => "defaults, generated shapes";

    protected override void ConfigureJson(System.Text.Json.JsonSerializerOptions options)
    {
    }

    protected override void ConfigureFastFormatters(FastFormattersOptions options) => options.TypeShapeProviders.Add(ParityShapes.Default);
}

public sealed class GeneratedShapesParityTests(GeneratedShapesHost host) : JsonParityTests<GeneratedShapesHost>(host), IClassFixture<GeneratedShapesHost>;
