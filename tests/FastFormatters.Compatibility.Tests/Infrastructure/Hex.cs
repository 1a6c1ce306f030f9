namespace FastFormatters.Compatibility.Tests.Infrastructure;

/// <summary>Space-separated lowercase hex, as the spec writes bytes.</summary>
public static class Hex
{
    public static string Of(ReadOnlySpan<byte> bytes) => string.Join(' ', bytes.ToArray().Select(b => b.ToString("x2", System.Globalization.CultureInfo.InvariantCulture)));

    public static byte[] Parse(string hex) => Convert.FromHexString(hex.Replace(" ", "", StringComparison.Ordinal));
}
