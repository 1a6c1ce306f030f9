using System.Text.Json.Serialization;

namespace FastFormatters.IntegrationTests.JsonParity.Models;

/// <summary>The base of <see cref="OrderedMembers"/>: inherited members take part in the order.</summary>
public class OrderedBase
{
    public int BaseFirst { get; set; }

    [JsonPropertyOrder(5)]
    public int BaseLast { get; set; }

    public int BaseSecond { get; set; }
}
