namespace FastFormatters.IntegrationTests.JsonParity.Models;

/// <summary>Polymorphic members: a base-typed member and a list of the base type holding derived values.</summary>
public sealed class Drawing
{
    public string Title { get; set; } = string.Empty;

    public Shape Main { get; set; } = new();

    public List<Shape> Shapes { get; set; } = [];
}
