using MessagePack;

namespace FastFormatters.Compatibility.Tests.Models;

/// <summary>A union interface: values go out as <c>[tag, value]</c>; tag 300 needs a uint16.</summary>
[Union(0, typeof(Circle))]
[Union(1, typeof(Rectangle))]
[Union(300, typeof(Polygon))]
public interface IShape
{
    string Label { get; }
}
