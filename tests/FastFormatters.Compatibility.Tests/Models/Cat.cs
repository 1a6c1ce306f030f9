using MessagePack;

namespace FastFormatters.Compatibility.Tests.Models;

/// <summary>Union case 1 of <see cref="Animal"/>.</summary>
[MessagePackObject]
public sealed class Cat : Animal
{
    [Key(1)]
    public int Lives { get; set; }

    [Key(2)]
    public string? Favourite { get; set; }
}
