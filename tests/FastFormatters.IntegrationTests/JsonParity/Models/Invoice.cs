namespace FastFormatters.IntegrationTests.JsonParity.Models;

/// <summary>Members of a type with [JsonConverter]: plain, nullable, in a list and as dictionary values.</summary>
public sealed class Invoice
{
    public string Number { get; set; } = string.Empty;

    public Money Total { get; set; }

    public Money? Discount { get; set; }

    public Money? NoDiscount { get; set; }

    public List<Money> Lines { get; set; } = [];

    public Dictionary<string, Money> ByCategory { get; set; } = [];
}
