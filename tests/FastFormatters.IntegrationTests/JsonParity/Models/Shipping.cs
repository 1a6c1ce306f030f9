using System.Text.Json.Serialization;

namespace FastFormatters.IntegrationTests.JsonParity.Models;

/// <summary>An enum whose names are given by [JsonStringEnumMemberName] (used when enums are written as names).</summary>
public enum Shipping
{
    [JsonStringEnumMemberName("express-air")]
    ExpressAir,

    [JsonStringEnumMemberName("ground")]
    Ground,

    Pickup,
}
