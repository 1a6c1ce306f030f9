namespace FastFormatters.Compatibility.Tests.Models;

/// <summary>Inheritance under the contractless rules: base type first, then properties before fields per type.</summary>
public sealed class ContractlessDerived : ContractlessBase
{
    public string DerivedField = "";

    public int DerivedProp { get; set; }

    public string? Description { get; set; }
}
