using System.Text.Json.Serialization;

namespace FastFormatters.IntegrationTests.JsonParity.Models;

/// <summary>[JsonNumberHandling] on the type: every number member is written as a string.</summary>
[JsonNumberHandling(JsonNumberHandling.WriteAsString | JsonNumberHandling.AllowReadingFromString)]
public sealed class QuotedNumbers
{
    public int A { get; set; }

    public long? B { get; set; }

    public double C { get; set; }

    public string Label { get; set; } = string.Empty;
}
