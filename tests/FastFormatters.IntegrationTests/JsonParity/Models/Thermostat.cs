namespace FastFormatters.IntegrationTests.JsonParity.Models;

/// <summary>Members of a type with a converter from the options' Converters (set 8); a plain struct elsewhere.</summary>
public sealed class Thermostat
{
    public string Room { get; set; } = string.Empty;

    public Temperature Current { get; set; }

    public Temperature? Target { get; set; }

    public List<Temperature> History { get; set; } = [];

    public Dictionary<string, Temperature> ByRoom { get; set; } = [];
}
