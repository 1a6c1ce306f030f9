namespace FastFormatters.Compatibility.Tests.Models;

/// <summary>
/// Get-only properties bound to constructor parameters of another case (<c>currency</c> ↔ <c>Currency</c>): contractless
/// writes them because the constructor fills them; the unbound get-only one stays out.
/// </summary>
public sealed class ContractlessMoney
{
    public ContractlessMoney(string currency, decimal amount)
    {
        Currency = currency;
        Amount = amount;
    }

    public string Currency { get; }

    public decimal Amount { get; }

    public string Formatted => Amount.ToString(System.Globalization.CultureInfo.InvariantCulture) + " " + Currency;

    public string? Memo { get; set; }
}
