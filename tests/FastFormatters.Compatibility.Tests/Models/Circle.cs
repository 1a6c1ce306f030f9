using MessagePack;

namespace FastFormatters.Compatibility.Tests.Models;

/// <summary>Union case 0 of <see cref="IShape"/>.</summary>
[MessagePackObject]
public sealed class Circle : IShape
{
    [Key(0)]
    public double Radius { get; set; }

    [Key(1)]
    public string Label { get; set; } = "";
}
