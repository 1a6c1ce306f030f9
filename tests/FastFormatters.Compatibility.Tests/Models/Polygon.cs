using MessagePack;

namespace FastFormatters.Compatibility.Tests.Models;

/// <summary>Union case 300 of <see cref="IShape"/>, its vertices value tuples.</summary>
[MessagePackObject]
public sealed class Polygon : IShape
{
    [Key(0)]
    public List<(double X, double Y)> Vertices { get; set; } = [];

    [Key(1)]
    public string Label { get; set; } = "";
}
