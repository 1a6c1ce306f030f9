using System.Text.Json.Serialization;

namespace FastFormatters.IntegrationTests.JsonParity.Models;

/// <summary>[JsonNumberHandling] on members: numbers written as strings, a NaN allowed by AllowNamedFloatingPointLiterals.</summary>
public sealed class NumberHandlingMembers
{
    [JsonNumberHandling(JsonNumberHandling.WriteAsString)]
    public int Quoted { get; set; }

    [JsonNumberHandling(JsonNumberHandling.WriteAsString | JsonNumberHandling.AllowReadingFromString)]
    public decimal Price { get; set; }

    [JsonNumberHandling(JsonNumberHandling.WriteAsString)]
    public long? NullableQuoted { get; set; }

    [JsonNumberHandling(JsonNumberHandling.AllowNamedFloatingPointLiterals)]
    public double Ratio { get; set; }

    [JsonNumberHandling(JsonNumberHandling.Strict)]
    public int Strict { get; set; }

    public int Plain { get; set; }
}
