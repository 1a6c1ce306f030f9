namespace FastFormatters.IntegrationTests.JsonParity.Models;

/// <summary>Nested objects: an object member, a list of objects, a null object.</summary>
public sealed class Order
{
    public int Id { get; set; }

    public Address Billing { get; set; } = new();

    public Address? Shipping { get; set; }

    public List<Item> Lines { get; set; } = [];

    public Order? Previous { get; set; }
}
