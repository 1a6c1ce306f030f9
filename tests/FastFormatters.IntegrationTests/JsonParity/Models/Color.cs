namespace FastFormatters.IntegrationTests.JsonParity.Models;

/// <summary>A plain enum.</summary>
public enum Color
{
    Red,
    Green,
    Blue,
}
