namespace FastFormatters.IntegrationTests.JsonParity.Models;

/// <summary>A derived <see cref="Shape"/>.</summary>
public sealed class Circle : Shape
{
    public double Radius { get; set; }
}
