namespace FastFormatters.IntegrationTests.JsonParity.Models;

/// <summary>Get-only computed properties: written, never read.</summary>
public sealed class Computed
{
    public int A { get; set; }

    public int B { get; set; }

    public int Sum => A + B;

    public string Label => $"{A}+{B}";

    public bool IsEmpty => A == 0 && B == 0;
}
