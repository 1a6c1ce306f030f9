using System.Text.Json.Serialization;

namespace FastFormatters.IntegrationTests.JsonParity.Models;

/// <summary>C# required members and [JsonRequired]: a body that lacks them is a 400.</summary>
public sealed class RequiredMembers
{
    public required string Name { get; init; }

    [JsonRequired]
    public int Count { get; set; }

    public string? Note { get; set; }
}
