namespace FastFormatters.IntegrationTests.JsonParity.Models;

/// <summary>A nested object.</summary>
public sealed class Address
{
    public string Street { get; set; } = string.Empty;

    public string City { get; set; } = string.Empty;

    public string? PostalCode { get; set; }
}
