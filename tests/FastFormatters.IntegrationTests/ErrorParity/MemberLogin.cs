namespace FastFormatters.IntegrationTests.ErrorParity;

/// <summary>The nested object of <see cref="Member"/>.</summary>
public sealed class MemberLogin
{
    public string? UserName { get; set; }

    public string? Password { get; set; }
}
