using System.Text.Json.Serialization;

namespace FastFormatters.IntegrationTests.JsonParity.Models;

/// <summary>[JsonNumberHandling] on a collection member: System.Text.Json applies it to the elements.</summary>
public sealed class NumberHandlingOnCollection
{
    [JsonNumberHandling(JsonNumberHandling.WriteAsString)]
    public List<int> Values { get; set; } = [];

    [JsonNumberHandling(JsonNumberHandling.WriteAsString)]
    public Dictionary<string, double> Scores { get; set; } = [];
}
