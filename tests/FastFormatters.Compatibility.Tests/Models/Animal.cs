using MessagePack;

namespace FastFormatters.Compatibility.Tests.Models;

/// <summary>A union on an abstract class.</summary>
[Union(0, typeof(Dog))]
[Union(1, typeof(Cat))]
public abstract class Animal
{
    [Key(0)]
    public string Name { get; set; } = "";
}
