using MessagePack;

namespace FastFormatters.Compatibility.Tests.Models;

/// <summary><c>init</c> members count as writable.</summary>
[MessagePackObject]
public sealed class InitOnlySettings
{
    [Key(0)]
    public string Theme { get; init; } = "";

    [Key(1)]
    public int FontSize { get; init; }

    [Key(2)]
    public bool DarkMode { get; init; }

    [Key(3)]
    public TimeSpan AutoSaveInterval { get; init; }

    [Key(4)]
    public string[] RecentFiles { get; init; } = [];
}
