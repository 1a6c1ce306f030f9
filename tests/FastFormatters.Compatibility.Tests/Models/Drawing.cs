using MessagePack;

namespace FastFormatters.Compatibility.Tests.Models;

/// <summary>Union-typed members: a list of shapes, each <c>[tag, value]</c>, and a null one (nil).</summary>
[MessagePackObject]
public sealed class Drawing
{
    [Key(0)]
    public string Title { get; set; } = "";

    [Key(1)]
    public List<IShape> Shapes { get; set; } = [];

    [Key(2)]
    public IShape? Highlight { get; set; }

    [Key(3)]
    public IShape? Background { get; set; }
}
