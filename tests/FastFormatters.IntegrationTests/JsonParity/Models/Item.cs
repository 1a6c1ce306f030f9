namespace FastFormatters.IntegrationTests.JsonParity.Models;

/// <summary>A small object used inside collections.</summary>
public sealed class Item
{
    public string Sku { get; set; } = string.Empty;

    public int Quantity { get; set; }

    public decimal Price { get; set; }
}
