using System.Text.Json;
using System.Text.Json.Serialization;

namespace FastFormatters.IntegrationTests.JsonParity.Models;

/// <summary>[JsonExtensionData] as a Dictionary&lt;string, JsonElement&gt;.</summary>
public sealed class ExtensionElements
{
    public int Id { get; set; }

    [JsonExtensionData]
    public Dictionary<string, JsonElement>? Extra { get; set; }
}
