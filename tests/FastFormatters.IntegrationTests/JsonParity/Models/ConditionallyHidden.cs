namespace FastFormatters.IntegrationTests.JsonParity.Models;

/// <summary>The target of the contract modifier's ShouldSerialize (option set 8): Draft is written only when not empty.</summary>
public sealed class ConditionallyHidden
{
    public int Id { get; set; }

    public string Draft { get; set; } = string.Empty;

    public string Published { get; set; } = string.Empty;
}
