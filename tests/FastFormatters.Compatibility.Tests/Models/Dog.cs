using MessagePack;

namespace FastFormatters.Compatibility.Tests.Models;

/// <summary>Union case 0 of <see cref="Animal"/>; its inherited key 0 comes first.</summary>
[MessagePackObject]
public sealed class Dog : Animal
{
    [Key(1)]
    public bool GoodBoy { get; set; }

    [Key(2)]
    public List<string> Tricks { get; set; } = [];
}
