namespace FastFormatters.IntegrationTests.JsonParity.Models;

/// <summary>A positional record with an extra init-only member and a parameter with a default.</summary>
public sealed record PersonRecord(string FirstName, string LastName, int Age, DateOnly Born, string Title = "n/a")
{
    public string? Nickname { get; init; }
}
