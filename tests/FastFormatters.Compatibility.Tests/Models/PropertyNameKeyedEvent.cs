using MessagePack;

namespace FastFormatters.Compatibility.Tests.Models;

/// <summary><c>[MessagePackObject(true)]</c>: a map keyed by the CLR member names.</summary>
[MessagePackObject(true)]
public sealed class PropertyNameKeyedEvent
{
    public string Title { get; set; } = "";

    public DateTime StartsAt { get; set; }

    public int Attendees { get; set; }

    public string? Venue;

    // Get-only and not bound to a constructor: left out, as for contractless types.
    public int TitleLength => Title.Length;

    [IgnoreMember]
    public int Internal { get; set; }
}
