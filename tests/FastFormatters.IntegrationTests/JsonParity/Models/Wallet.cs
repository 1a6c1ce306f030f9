namespace FastFormatters.IntegrationTests.JsonParity.Models;

/// <summary>A member whose collection type has its own [JsonConverter].</summary>
public sealed class Wallet
{
    public string Owner { get; set; } = string.Empty;

    public MoneyBag? Bag { get; set; }
}
