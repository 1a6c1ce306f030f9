namespace FastFormatters.IntegrationTests.ErrorParity;

/// <summary>A request body read by FastFormatters converters of the app's own, in every format.</summary>
public sealed class Voucher
{
    public string Owner { get; set; } = string.Empty;

    public PromoCode Code { get; set; }
}

/// <summary>A number sent as text.</summary>
public readonly record struct PromoCode(int Value);
