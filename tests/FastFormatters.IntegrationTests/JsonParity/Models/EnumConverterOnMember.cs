using System.Text.Json.Serialization;

namespace FastFormatters.IntegrationTests.JsonParity.Models;

/// <summary>An enum member written as a name by System.Text.Json's own string-enum converter, named on the member.</summary>
public sealed class EnumConverterOnMember
{
    public string Label { get; set; } = string.Empty;

    [JsonConverter(typeof(JsonStringEnumConverter<Color>))]
    public Color Named { get; set; }

    public Color Plain { get; set; }
}
