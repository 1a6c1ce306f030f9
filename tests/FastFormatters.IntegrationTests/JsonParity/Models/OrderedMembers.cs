using System.Text.Json.Serialization;

namespace FastFormatters.IntegrationTests.JsonParity.Models;

/// <summary>[JsonPropertyOrder] across a class and its base.</summary>
public sealed class OrderedMembers : OrderedBase
{
    public int Middle { get; set; }

    [JsonPropertyOrder(-1)]
    public int First { get; set; }

    [JsonPropertyOrder(1)]
    public int AfterMiddle { get; set; }

    public int Last { get; set; }
}
