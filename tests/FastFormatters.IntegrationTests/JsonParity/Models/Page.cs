namespace FastFormatters.IntegrationTests.JsonParity.Models;

/// <summary>A generic model.</summary>
public sealed class Page<T>
{
    public List<T> Items { get; set; } = [];

    public int Total { get; set; }

    public string? Next { get; set; }
}
