namespace FastFormatters.Compatibility.Tests.Models;

/// <summary>A contractless struct with public fields.</summary>
public struct ContractlessPoint
{
    public int X;

    public int Y;

    public string Label;
}
