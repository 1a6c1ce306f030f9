namespace FastFormatters.IntegrationTests.JsonParity.Models;

/// <summary>The target of the contract modifier (option set 8): Label is renamed, InternalNote removed.</summary>
public sealed class RenamedAndHidden
{
    public int Id { get; set; }

    public string Label { get; set; } = string.Empty;

    public string InternalNote { get; set; } = string.Empty;
}
