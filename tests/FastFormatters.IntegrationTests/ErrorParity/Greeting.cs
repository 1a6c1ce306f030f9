namespace FastFormatters.IntegrationTests.ErrorParity;

/// <summary>A response of text, which a charset other than UTF-8 may or may not hold.</summary>
public sealed class Greeting
{
    public string Text { get; set; } = string.Empty;

    public int Count { get; set; }
}
