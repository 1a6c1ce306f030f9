using System.Text.Json.Serialization;

namespace FastFormatters.IntegrationTests.JsonParity.Models;

/// <summary>[JsonIgnore] and its conditions (all but WhenWriting, which <see cref="IgnoreWhenWriting"/> has alone).</summary>
public sealed class IgnoreConditions
{
    public int Id { get; set; }

    [JsonIgnore]
    public string Secret { get; set; } = "secret";

    [JsonIgnore(Condition = JsonIgnoreCondition.Never)]
    public string? NeverIgnoredNull { get; set; }

    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public string? SkippedWhenNull { get; set; }

    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public string? KeptWhenSet { get; set; }

    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingDefault)]
    public int ZeroSkipped { get; set; }

    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingDefault)]
    public int NonZeroKept { get; set; }

    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingDefault)]
    public DateTime DefaultDateSkipped { get; set; }

    [JsonIgnore(Condition = JsonIgnoreCondition.WhenReading)]
    public string OutputOnly { get; set; } = "server-value";

    public string? PlainNull { get; set; }
}
