using System.Text.Json.Serialization;

namespace FastFormatters.IntegrationTests.JsonParity.Models;

/// <summary>[JsonIgnore(Condition = WhenWriting)]: an input-only member, never written.</summary>
public sealed class IgnoreWhenWriting
{
    public int Id { get; set; }

    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWriting)]
    public string InputOnly { get; set; } = "never-sent";
}
