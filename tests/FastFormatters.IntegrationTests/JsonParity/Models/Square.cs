namespace FastFormatters.IntegrationTests.JsonParity.Models;

/// <summary>A derived <see cref="Shape"/>.</summary>
public sealed class Square : Shape
{
    public double Side { get; set; }
}
