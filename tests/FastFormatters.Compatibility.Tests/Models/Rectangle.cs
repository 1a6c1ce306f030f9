using MessagePack;

namespace FastFormatters.Compatibility.Tests.Models;

/// <summary>Union case 1 of <see cref="IShape"/>.</summary>
[MessagePackObject]
public sealed class Rectangle : IShape
{
    [Key(0)]
    public double Width { get; set; }

    [Key(1)]
    public double Height { get; set; }

    [Key(2)]
    public string Label { get; set; } = "";
}
