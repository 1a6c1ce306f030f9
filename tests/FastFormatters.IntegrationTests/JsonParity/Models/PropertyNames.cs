using System.Text.Json.Serialization;

namespace FastFormatters.IntegrationTests.JsonParity.Models;

/// <summary>[JsonPropertyName] and CLR names the naming policies treat specially (acronyms, digits).</summary>
public sealed class PropertyNames
{
    [JsonPropertyName("custom_name")]
    public string Custom { get; set; } = string.Empty;

    [JsonPropertyName("Ünïcode Näme")]
    public int Unicode { get; set; }

    [JsonPropertyName("PascalKept")]
    public bool Pascal { get; set; }

    public string URL { get; set; } = string.Empty;

    public string IPAddress { get; set; } = string.Empty;

    public string XMLHttpRequest { get; set; } = string.Empty;

    public int Version2Id { get; set; }

    public string already_snake { get; set; } = string.Empty;
}
