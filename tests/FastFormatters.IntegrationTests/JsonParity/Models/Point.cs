namespace FastFormatters.IntegrationTests.JsonParity.Models;

/// <summary>A positional readonly record struct.</summary>
public readonly record struct Point(int X, int Y);
