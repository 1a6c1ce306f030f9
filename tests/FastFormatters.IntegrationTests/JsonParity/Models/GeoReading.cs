namespace FastFormatters.IntegrationTests.JsonParity.Models;

/// <summary>
/// A struct with one public parameterized constructor and get-only properties: System.Text.Json writes its members and,
/// with no [JsonConstructor], reads it as its default.
/// </summary>
public readonly struct GeoReading
{
    public GeoReading(double latitude, double longitude)
    {
        Latitude = latitude;
        Longitude = longitude;
    }

    public double Latitude { get; }

    public double Longitude { get; }
}
