namespace FastFormatters.Compatibility.Tests.Models;

/// <summary>The base of <see cref="ContractlessDerived"/>: its members come first on the wire.</summary>
public class ContractlessBase
{
    public string BaseField = "";

    public int BaseProp { get; set; }
}
