using MessagePack;

namespace FastFormatters.Compatibility.Tests.Models;

/// <summary>A positional record with <c>[property: Key(n)]</c>: an array, read through the primary constructor.</summary>
[MessagePackObject]
public sealed record GeoPoint([property: Key(0)] double Latitude, [property: Key(1)] double Longitude, [property: Key(2)] string Name);
