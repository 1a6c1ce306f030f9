using MessagePack;

namespace FastFormatters.Compatibility.Tests.Models;

/// <summary>
/// <c>[SerializationConstructor]</c> picks the constructor (not the one with the most parameters); get-only
/// <c>[Key]</c> members are written and read back through it, matched by position in key order.
/// </summary>
[MessagePackObject]
public sealed class Temperature
{
    public Temperature(double celsius, string scale, string station)
    {
        Celsius = celsius;
        Scale = scale + "?";
        Station = station;
    }

    [SerializationConstructor]
    public Temperature(double celsius, string scale)
    {
        Celsius = celsius;
        Scale = scale;
    }

    [Key(0)]
    public double Celsius { get; }

    [Key(1)]
    public string Scale { get; }

    [Key(2)]
    public string? Station { get; set; }
}
