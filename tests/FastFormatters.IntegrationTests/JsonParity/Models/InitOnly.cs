namespace FastFormatters.IntegrationTests.JsonParity.Models;

/// <summary>init-only members with initializers.</summary>
public sealed class InitOnly
{
    public string Name { get; init; } = "default";

    public int Level { get; init; } = 3;

    public IReadOnlyList<string> Tags { get; init; } = ["initial"];

    public Point Origin { get; init; }
}
