using System.Text.Json.Serialization;

namespace FastFormatters.IntegrationTests.JsonParity.Models;

/// <summary>[JsonExtensionData] as a Dictionary&lt;string, object&gt;.</summary>
public sealed class ExtensionObjects
{
    public int Id { get; set; }

    public string Name { get; set; } = string.Empty;

    [JsonExtensionData]
    public Dictionary<string, object>? Extra { get; set; }
}
